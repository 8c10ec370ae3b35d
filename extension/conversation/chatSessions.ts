/**
 * Which agent session the chat runs on (chatSession.ts): a new one (/clear), a stored one (resume), the
 * conversation before a message (rewind), and /compact on the current one. Switching disposes the old
 * session, drops what waited for it and follows the new one's tasks and mail; the `reset` event makes the
 * view ask for a fresh snapshot. The slash commands act on the chat through this (ChatCommandTarget).
 */
import type { AgentSession } from '../core/loop/session/agentSession';
import { AgentSession as Session } from '../core/loop/session/agentSession';
import { forkPoint, forkSession } from '../core/loop/session/fork';
import type { ChatEntry } from '../protocol/messages';
import type { ChatCommandTarget } from './chatCommands';
import type { ChatFeeds } from './chatFeeds';
import type { ChatQueue } from './chatQueue';
import type { ChatState } from './chatState';
import { copyAgentTranscripts, forkRecords } from './forkRecords';
import type { IdleWake } from './idleWake';
import { replaySession } from './replay';
import { restoreToolState } from './restoreState';

export interface ChatSessionsDeps {
  state: ChatState;
  feeds: Pick<ChatFeeds, 'follow'>;
  queue: Pick<ChatQueue, 'clear'>;
  wake: Pick<IdleWake, 'check' | 'reset' | 'dispose'>;
  /** Stops the running turn (ChatSession.stop). */
  stop(): void;
}

export class ChatSessions implements ChatCommandTarget {
  private unwatchMail: () => void = () => {};

  constructor(private readonly deps: ChatSessionsDeps) {
    this.watch();
  }

  /** The agent session the chat currently runs on (it changes on /clear, resume and rewind). */
  get agentSession(): AgentSession {
    return this.deps.state.agent;
  }

  /** `/compact`: summarizes the older turns now, with the status line showing meanwhile. */
  async compactNow(instructions?: string): Promise<{ summarizedCount: number }> {
    const { state } = this.deps;
    state.emit({ type: 'status', text: 'Compacting the conversation…' });
    try {
      return await state.agent.compact(instructions);
    } finally {
      state.emit({ type: 'status', text: null });
    }
  }

  /**
   * Replaces the conversation with a stored one, its rows rebuilt as the live chat showed them: prompts, replies,
   * every tool row with its result, sub-agents with their nested rows (replay.ts). Nothing runs again.
   */
  async resume(sessionId: string): Promise<string[]> {
    const { state } = this.deps;
    this.deps.stop();
    const { session, warnings, timeline } = await Session.resume(state.agentDeps(), sessionId);
    restoreToolState(session.appState, session.history, state.deps.agent.tools, state.deps.agent.agentId ?? session.sessionId);
    for (const w of warnings) state.deps.log.warn(`Resuming ${sessionId}: ${w}`);
    const storage = state.deps.agent.storageFor(session.sessionId);
    const { tools, cwd } = state.deps.agent;
    const entries = await replaySession(timeline, { tools, cwd, newId: state.deps.newId, readStored: (file) => storage.readText(file) });
    this.switchTo(session, entries);
    return warnings;
  }

  /** Starts a new conversation; a running turn is stopped first. */
  reset(): void {
    this.deps.stop();
    this.switchTo(new Session(this.deps.state.agentDeps()), []);
  }

  /**
   * "Rewind to here": continues in a new session `newSessionId` holding the conversation before the user
   * message `entryId` (the old transcript is kept). Returns the message's text for the composer.
   */
  async forkBefore(entryId: string, newSessionId: string): Promise<string> {
    const { state } = this.deps;
    if (state.sending) throw new Error('A turn is running; stop it before rewinding.');
    const point = forkPoint(state.entries, state.agent.history, entryId);
    if (!point) throw new Error('That message is no longer in the conversation the model sees (it was compacted); it cannot be rewound to.');
    const kept = state.agent.history.slice(0, point.historyIndex);
    const entries = state.entries.slice(0, point.entryIndex);
    const { storageFor } = state.deps.agent;
    // Without them the fork still resumes, its Agent rows then without their nested rows.
    await copyAgentTranscripts(entries, storageFor(state.agent.sessionId), storageFor(newSessionId)).catch((err: unknown) =>
      state.deps.log.warn(`Could not copy the sub-agent transcripts to the rewound session: ${err instanceof Error ? err.message : String(err)}`),
    );
    const agent = await forkSession(state.agentDeps(), kept, newSessionId, forkRecords(entries, kept));
    this.switchTo(agent, entries);
    return point.text;
  }

  /** Ends the chat: nothing wakes it any more, and the session's turn and background tasks stop. */
  async dispose(): Promise<void> {
    this.deps.wake.dispose();
    this.unwatchMail();
    this.deps.stop();
    await this.deps.state.agent.dispose();
  }

  /**
   * Continues with another agent session (new, resumed or forked) and its entries; the old one is
   * disposed (its background tasks killed), queued prompts are dropped, and `reset` makes the view ask
   * for a fresh snapshot.
   */
  private switchTo(agent: AgentSession, entries: ChatEntry[]): void {
    const { state } = this.deps;
    void state.agent.dispose();
    this.deps.wake.reset();
    state.cron?.clearSessionJobs();
    state.agent = agent;
    this.watch();
    state.entries = entries;
    state.lastUsage = undefined;
    this.deps.queue.clear();
    state.emit({ type: 'reset', sessionId: agent.sessionId });
  }

  /** Follows the current session's tasks, todos and work list, and wakes the idle chat when mail arrives. */
  private watch(): void {
    this.deps.feeds.follow();
    this.unwatchMail();
    this.unwatchMail = this.deps.state.agent.onMail(() => this.deps.wake.check());
  }
}
