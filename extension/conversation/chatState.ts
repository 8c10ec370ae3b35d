/**
 * What the chat's jobs share (chatSession.ts): the agent session it runs on, its entries, its listeners and
 * whether a turn runs. Turns (turnPlayer.ts, chatTurns.ts) and session switches (chatSessions.ts) change it;
 * the front ends read it through ChatSession.
 */
import type { AgentSession, AgentSessionDeps } from '../core/loop/session/agentSession';
import { AgentSession as Session } from '../core/loop/session/agentSession';
import type { CredentialsPort, Logger } from '../core/contracts/settings';
import type { ChatEntry, ChatMessage, Usage } from '../protocol/messages';
import type { ChatCommandOptions } from './chatCommands';
import type { ChatEvent } from './events';
import type { IdleWakeDeps } from './idleWake';

export interface ChatSessionDeps {
  agent: Omit<AgentSessionDeps, 'newId'>;
  credentials: CredentialsPort;
  log: Logger;
  newId: () => string;
  /** Test seam: the idle wake's debounce and its limit of automatic turns in a row (idleWake.ts). */
  wake?: Pick<IdleWakeDeps, 'delayMs' | 'maxAutoTurns'>;
  /** `#` notes (core/engines/memory/notes.ts): the reply when the prompt was one and went to a memory file, else undefined. */
  memoryNotes?: (prompt: string) => Promise<string | undefined>;
  /** Command loaders, hooks and home folder for the slash commands (chat/chatCommands.ts). */
  commands?: ChatCommandOptions;
}

export class ChatState {
  /** The agent session the chat currently runs on (it changes on /clear, resume and rewind: chatSessions.ts). */
  agent: AgentSession;
  /** Every entry (messages and tool uses) in order. */
  entries: ChatEntry[] = [];
  lastUsage: Usage | undefined;
  /** Set synchronously when a send starts, so a second send cannot slip in before the turn begins. */
  sending = false;
  /** Stop pressed before the turn's abort controller existed: honoured at the turn's first event. */
  stopRequested = false;
  private readonly listeners = new Set<(e: ChatEvent) => void>();

  constructor(readonly deps: ChatSessionDeps) {
    this.agent = new Session(this.agentDeps());
  }

  /** What a new, resumed or forked agent session is made with. */
  agentDeps(): AgentSessionDeps {
    return { ...this.deps.agent, newId: this.deps.newId };
  }

  /** The window's scheduled jobs (CronCreate), when the host has a scheduler. */
  get cron() {
    return this.deps.agent.toolPorts.cron;
  }

  /** Every entry in order; a deep copy, so callers cannot mutate the session. */
  allEntries(): ChatEntry[] {
    return structuredClone(this.entries);
  }

  /** The user and assistant messages only (a copy). */
  messages(): ChatMessage[] {
    return this.entries.filter((e): e is ChatMessage => e.role === 'user' || e.role === 'assistant').map((e) => structuredClone(e));
  }

  onEvent(listener: (e: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        this.deps.log.error(`Chat listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  add(entry: ChatMessage): void {
    this.entries.push(entry);
    this.emit({ type: 'messageAdded', message: { ...entry } });
  }

  /** Marks the chat busy; synchronous, so a second turn cannot slip in before this one begins. */
  begin(): void {
    if (this.sending) throw new Error('A turn is already running; stop it or wait for it to finish.');
    this.sending = true;
    this.emit({ type: 'busyChanged', busy: true });
  }

  /** The chat is idle again (the counterpart of `begin`). */
  end(): void {
    this.sending = false;
    this.stopRequested = false;
    this.emit({ type: 'busyChanged', busy: false });
  }
}
