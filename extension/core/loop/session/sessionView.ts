/**
 * What a front end reads of an AgentSession: its ids, history and transcript uuids, app state, usage, whether a
 * turn runs, and its mail. AgentSession (agentSession.ts) extends it with what the session does.
 */
import type { SessionId } from '../../base/ids';
import type { Message } from '../../base/messages';
import type { AppStateStore } from '../../contracts/appState';
import type { Tools } from '../../contracts/tool';
import type { Mailbox } from '../../contracts/mailbox';
import type { SessionUsage } from '../query/usage';
import type { AgentSessionDeps } from './sessionDeps';
import { createSessionState, type SessionState } from './sessionState';
import { offeredTools } from './toolState';

export class SessionView {
  readonly sessionId: SessionId;
  /** Messages to the running agents; the main agent's inbox is `MAIN_AGENT_NAME`. */
  readonly mailbox: Mailbox;
  protected readonly state: SessionState;

  constructor(deps: AgentSessionDeps, sessionId?: string) {
    this.state = createSessionState(deps, sessionId);
    this.sessionId = this.state.sessionId;
    this.mailbox = this.state.mail.mailbox;
  }

  get history(): readonly Message[] {
    return this.state.record.messages;
  }

  /** The transcript uuid of the last turn's prompt; undefined until one is stored, and for a turn a hook blocked. */
  get promptUuid(): string | undefined {
    return this.state.record.lastPromptUuid;
  }

  /** The transcript uuid of a message the loop stored (the object an event carried), if it was stored. */
  messageUuid(message: Message): string | undefined {
    return this.state.record.uuids.get(message);
  }

  /** The session's app state (background tasks, todos), for views that follow it. */
  get appState(): AppStateStore {
    return this.state.store;
  }

  /** The tools the session offers now: its own, then the MCP servers' (a chat row asks its tool for its label and result view). */
  get offeredTools(): Tools {
    return offeredTools(this.state.tools, this.state.deps);
  }

  get running(): boolean {
    return this.state.run.abort !== undefined;
  }

  /** Tokens and cost of the session so far (/cost). */
  get sessionUsage(): SessionUsage {
    return this.state.usage.session;
  }

  /** How many messages wait in the main agent's inbox (they go with the next turn). */
  waitingMail(): number {
    return this.state.mail.inbox.waiting();
  }

  /** Called after each message delivered to the main agent's inbox. */
  onMail(listener: () => void): () => void {
    return this.state.mail.inbox.onMail(listener);
  }
}
