/** What the model is told about SendMessage (our own words). */
export const SEND_MESSAGE_DESCRIPTION = 'Send a message to another running agent or teammate';

export const SEND_MESSAGE_PROMPT = `Sends a message to another agent that is running in this session: a teammate of a team, a background agent, or the main agent.

- to: the recipient's name or agent id. The main agent is "main" (also "lead"). "*" sends to every other member of your team.
- message: what you want them to know or do. Be specific: they do not see your conversation.
- summary: optional, 5-10 words shown in the UI.

The recipient reads it at its next turn boundary (after its running tool calls finish), not immediately. Messages to agents that have finished are refused: the error lists the agents still running.
Use it to hand over results, ask a teammate for something, or coordinate who does which task on the shared task list.`;
