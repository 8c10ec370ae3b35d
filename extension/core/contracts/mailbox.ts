/**
 * Messages to running agents (SendMessage, and prompts the user types while the main agent works). Each
 * running agent registers an inbox; a message waits there until the agent's next turn boundary, where
 * `query()` takes it (QueryParams.takeInbox) and sends it with that round's tool results.
 */
import type { AgentId } from '../base/ids';
import type { ImageBlock } from '../base/messages';

/** The main agent's name in the session's mailbox: SendMessage reaches it as `main` (or `lead`). */
export const MAIN_AGENT_NAME = 'main';

/** Other names the main agent answers to when no running agent took them (SendMessage's `lead`). */
export const MAIN_AGENT_ALIASES: readonly string[] = ['lead', 'team-lead'];

export interface MailMessage {
  /** Who sent it: an agent id, an agent's name, or `user`. */
  from: string;
  text: string;
  summary?: string;
  /** Images pasted into a prompt the user typed mid-turn; they go to the model with its text. */
  images?: readonly ImageBlock[];
}

export interface Inbox {
  readonly agentId: AgentId;
  readonly name?: string;
  readonly teamName?: string;
  /** Takes every waiting message, oldest first. */
  take(): MailMessage[];
  /** How many messages wait. */
  waiting(): number;
  /** Called after each message delivered to this inbox (the chat wakes an idle main agent for it). */
  onMail(listener: () => void): () => void;
  /** Unregisters: later messages to it are refused. */
  close(): void;
}

export interface Mailbox {
  /** Registers a running agent; a name already in use by another running agent is refused (throws). */
  register(agent: { agentId: AgentId; name?: string; teamName?: string }): Inbox;
  /** Delivers to an agent by id or name; false when no running agent has that id or name. */
  post(to: string, message: MailMessage): boolean;
  /** The running agents, for SendMessage's error message and the UI. */
  list(): { agentId: AgentId; name?: string; teamName?: string }[];
}

interface Entry {
  agentId: AgentId;
  name?: string;
  teamName?: string;
  queue: MailMessage[];
  listeners: Set<() => void>;
}

/** The session's mailbox: one per AgentSession, shared by the main agent and every sub-agent it starts. */
export function createMailbox(): Mailbox {
  const entries = new Map<AgentId, Entry>();
  const byName = (name: string) => [...entries.values()].find((e) => e.name === name);
  const describe = (e: Entry) => ({ agentId: e.agentId, ...(e.name ? { name: e.name } : {}), ...(e.teamName ? { teamName: e.teamName } : {}) });

  return {
    register(agent) {
      if (entries.has(agent.agentId)) throw new Error(`Agent ${agent.agentId} already has an inbox.`);
      if (agent.name !== undefined) {
        if (!agent.name.trim()) throw new Error('An agent name cannot be empty.');
        if (byName(agent.name)) throw new Error(`The name "${agent.name}" is already used by a running agent; pick another.`);
      }
      const entry: Entry = { ...agent, queue: [], listeners: new Set() };
      entries.set(agent.agentId, entry);
      return {
        agentId: agent.agentId,
        ...(agent.name !== undefined ? { name: agent.name } : {}),
        ...(agent.teamName !== undefined ? { teamName: agent.teamName } : {}),
        take: () => entry.queue.splice(0),
        waiting: () => entry.queue.length,
        onMail: (listener) => {
          entry.listeners.add(listener);
          return () => entry.listeners.delete(listener);
        },
        close: () => {
          if (entries.get(agent.agentId) === entry) entries.delete(agent.agentId);
          entry.queue.length = 0;
          entry.listeners.clear();
        },
      };
    },
    post(to, message) {
      const entry = entries.get(to as AgentId) ?? byName(to);
      if (!entry) return false;
      entry.queue.push({ ...message });
      for (const listener of [...entry.listeners]) listener();
      return true;
    },
    list: () => [...entries.values()].map(describe),
  };
}
