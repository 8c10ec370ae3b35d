/** What the model is told about SendMessage (our own words). */
export const SEND_MESSAGE_DESCRIPTION = 'Send a message to another running agent or teammate';

export const SEND_MESSAGE_PROMPT = `Sends a message to another agent running in this session: a teammate, a background agent, or the main agent ("main" or "lead").

Be specific: they do not see your conversation. The recipient reads it at its next turn boundary (after its running tool calls finish). Messages to finished agents are refused; the error lists the agents still running.`;
