/**
 * Messages to running agents (SendMessage, and prompts the user types while the main agent works). Each
 * running agent registers an inbox; a message waits there until the agent's next turn boundary, where
 * `query()` takes it (QueryParams.takeInbox) and sends it with that round's tool results.
 */
import type { AgentId } from '../ids';

export interface MailMessage {
  /** Who sent it: an agent id, an agent's name, or `user`. */
  from: string;
  text: string;
  summary?: string;
}

export interface Inbox {
  readonly agentId: AgentId;
  readonly name?: string;
  readonly teamName?: string;
  /** Takes every waiting message, oldest first. */
  take(): MailMessage[];
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
