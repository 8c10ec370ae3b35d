/**
 * The sidebar's view of an agent conversation, which the front ends drive (the chat panel, the CLI): it runs
 * turns on an `AgentSession` and turns the loop's events into chat entries (user prompts, streamed assistant
 * text and thinking, tool uses with their progress and results, a status line, usage). It wires its jobs:
 * what they share (chatState.ts), sending and stopping (chatTurns.ts), playing a turn (turnPlayer.ts), the
 * queue and mid-turn prompts (chatQueue.ts), the idle wake (chatWake.ts), the task, todo and work lists
 * (`feeds`, chatFeeds.ts), switching sessions (`sessions`, chatSessions.ts) and the slash commands
 * (`commands`, chatCommands.ts).
 */
import type { ExternalPermissionMode, PermissionMode } from '../core/contracts/permissions';
import type { ChatEntry, ChatMessage, Usage } from '../protocol/messages';
import { ChatCommands } from './chatCommands';
import { ChatFeeds } from './chatFeeds';
import { ChatQueue } from './chatQueue';
import { ChatSessions } from './chatSessions';
import { ChatState, type ChatSessionDeps } from './chatState';
import { ChatTurns } from './chatTurns';
import { chatWake } from './chatWake';
import type { ChatEvent } from './events';
import { TurnPlayer } from './turnPlayer';
import type { ImageAttachment } from './userPrompt';

export type { ChatEvent } from './events';
export type { ChatSessionDeps } from './chatState';

export class ChatSession {
  private readonly state: ChatState;
  private readonly turns: ChatTurns;
  /** The slash commands: registry, built-ins, panels, config problems (docs/ARCHITECTURE.md, Slash commands). */
  readonly commands: ChatCommands;
  /** Prompts waiting behind the running turn, and the ones a Stop handed back. */
  readonly queue: ChatQueue;
  /** The session's background tasks and scheduled jobs, todo list and work list, and their changes. */
  readonly feeds: ChatFeeds;
  /** The agent session the chat runs on: new (/clear), resumed, rewound; /compact. */
  readonly sessions: ChatSessions;

  constructor(deps: ChatSessionDeps) {
    const state = (this.state = new ChatState(deps));
    this.queue = new ChatQueue(state, { send: (text, images) => this.send(text, images), userPrompted: () => wake.userPrompted() });
    const player = new TurnPlayer(state, this.queue);
    // Starts a turn when background work ends or mail arrives while idle (docs/ARCHITECTURE.md, Background tasks).
    const wake = chatWake(state, { player, queue: this.queue });
    this.feeds = new ChatFeeds(state);
    this.sessions = new ChatSessions({ state, feeds: this.feeds, queue: this.queue, wake, stop: () => this.stop() });
    this.commands = new ChatCommands({ target: this.sessions, agent: deps.agent, log: deps.log, emit: (e) => state.emit(e), ...(deps.commands ? { options: deps.commands } : {}) });
    this.turns = new ChatTurns(state, this.commands, player, this.queue);
    this.feeds.onTasksChanged(() => wake.check());
    this.onEvent((e) => e.type === 'busyChanged' && !e.busy && wake.check());
  }

  /** The window's permission mode; `default` when the session runs without a permission holder. */
  get permissionMode(): PermissionMode {
    return this.state.deps.agent.permissions?.current().mode ?? 'default';
  }

  /** Changes the window's mode; the next tool call decides under it. */
  setPermissionMode(mode: ExternalPermissionMode): void {
    this.state.deps.agent.permissions?.update((ctx) => ({ ...ctx, mode }));
  }

  get sessionId(): string {
    return this.state.agent.sessionId;
  }

  get busy(): boolean {
    return this.state.sending;
  }

  get usage(): Usage | undefined {
    return this.state.lastUsage;
  }

  /** The API conversation (for tests and resume). */
  get history() {
    return this.state.agent.history;
  }

  /** Every entry (messages and tool uses) in order; a deep copy, so callers cannot mutate the session. */
  allEntries(): ChatEntry[] {
    return this.state.allEntries();
  }

  /** The user and assistant messages only (a copy). */
  messages(): ChatMessage[] {
    return this.state.messages();
  }

  onEvent(listener: (e: ChatEvent) => void): () => void {
    return this.state.onEvent(listener);
  }

  /** Sends now or, while a turn runs, queues the prompt (chatQueue.ts). Resolves when the queue is empty. */
  submit(text: string, images: readonly ImageAttachment[] = [], opts: { interrupt?: boolean } = {}): Promise<void> {
    return this.queue.submit(text, images, opts);
  }

  /** Sends a prompt (or runs the slash command it is) and streams the reply; resolves when the turn ends (chatTurns.ts). */
  send(text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    return this.turns.send(text, images);
  }

  /** Stops the running turn; prompts queued behind it go back to the composer (`queue.takeReturned`), unsent. */
  stop(): void {
    this.turns.stop();
  }

  /** Ends the chat: nothing wakes it any more, and the session's turn and background tasks stop. */
  dispose(): Promise<void> {
    return this.sessions.dispose();
  }
}
