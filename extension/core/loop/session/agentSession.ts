/**
 * One agent conversation: the API transcript, its JSONL record, usage, and the context tools run in.
 * Shared by the sidebar chat and the headless CLI; each turn is one `query()` run.
 *
 * The facade over the session's jobs, each in a file of its own beside this one: turnRunner.ts (a turn),
 * turnRequest.ts (what it sends first), transcript.ts (the record and resume), modeAndModel.ts,
 * permissionWiring.ts, taskMail.ts (agents, mail, background tasks), toolState.ts and toolContext.ts (the tools
 * and the ToolUseContext), contextWindow.ts (/compact, /context); sessionState.ts holds what they share and
 * sessionView.ts what a front end reads.
 */
import type { Message, UserContentBlock } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { CommandContext } from '../../contracts/commands';
import type { MailMessage } from '../../contracts/mailbox';
import { loadSession } from '../../engines/transcripts/sessions';
import type { TimelineItem } from '../../engines/transcripts/transcript';
import type { ContextSnapshot } from '../commands/contextSnapshot';
import { compactSession, contextSnapshot } from './contextWindow';
import type { AgentEvent, AgentSessionDeps, TurnOptions } from './sessionDeps';
import { disposeSessionState } from './sessionState';
import { SessionView } from './sessionView';
import { takeWake } from './taskMail';
import { outsideContext, sessionToolRunner } from './toolContext';
import { recordEvent, restoreRecord } from './transcript';
import { runTurn } from './turnRunner';

export type { AgentEvent, AgentSessionDeps, TurnOptions } from './sessionDeps';

export class AgentSession extends SessionView {
  /**
   * Loads a stored session; what cannot be read is skipped and reported, never fatal. `timeline`: every message
   * and event line as written, for a view that shows the conversation again (extension/conversation/replay.ts).
   */
  static async resume(deps: AgentSessionDeps, sessionId: string): Promise<{ session: AgentSession; warnings: string[]; timeline: TimelineItem[] }> {
    const loaded = await loadSession(deps.transcripts, sessionId);
    const session = new AgentSession(deps, sessionId);
    restoreRecord(session.state.record, session.state.tools.replacement, loaded);
    return { session, warnings: loaded.warnings, timeline: loaded.timeline };
  }

  /**
   * Writes an `event` line for a view of the session (the chat's rows: extension/conversation/replay.ts); core never reads
   * it back. Nothing is written for a session that has not begun (no prompt stored yet), so no empty session is listed.
   */
  recordEvent(name: string, data: unknown): Promise<void> {
    return recordEvent(this.state.record, name, data);
  }

  stop(): void {
    this.state.run.abort?.abort();
  }

  /**
   * A new user message arrived mid-turn: the running round's 'cancel' tools stop, 'block' ones finish; the
   * message goes with the round's results. Typed while the model streams, it waits for the round after.
   */
  interrupt(): void {
    this.state.run.roundInterrupt?.abort();
  }

  /** Runs one user turn to its end, yielding every event; the transcript is written as it goes. */
  runTurn(prompt: string | Message['content'], options: TurnOptions = {}): AsyncGenerator<AgentEvent> {
    return runTurn(this.state, prompt, options);
  }

  /** What the next request would send (/context): the last turn's system prompt and tools, or the first turn's before there was one. */
  contextSnapshot(): Promise<ContextSnapshot> {
    return contextSnapshot(this.state);
  }

  /** `CommandContext.runTool`: a prompt command's `!` lines and `@` files, through the permission engine. */
  commandToolRunner(): NonNullable<CommandContext['runTool']> {
    return sessionToolRunner(this.state);
  }

  /**
   * What waits for the main agent while no turn runs, taken now as the content of a turn of its own
   * (docs/ARCHITECTURE.md, Background tasks). Undefined when nothing waits or a turn runs.
   */
  takeWake(): { content: UserContentBlock[]; mail: MailMessage[] } | undefined {
    return takeWake(this.running, this.state.store, this.state.mail.inbox);
  }

  /** A tool context outside any turn, under the window's current rules: what `@` mentions may read. */
  toolContext(): ToolUseContext {
    return outsideContext(this.state);
  }

  /** Stops the turn and every background task the session started. */
  dispose(): Promise<void> {
    return disposeSessionState(this.state);
  }

  /** `/compact`: summarizes the older turns now, keeping the recent ones. */
  compact(customInstructions?: string): Promise<{ summarizedCount: number; summary: string }> {
    return compactSession(this.state, customInstructions);
  }
}
