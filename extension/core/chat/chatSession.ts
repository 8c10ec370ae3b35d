/**
 * The sidebar's view of an agent conversation: it runs turns on an `AgentSession` and turns the loop's
 * events into chat entries (user prompts, streamed assistant text, a status line, usage). The webview's
 * rich tool rendering arrives with the chat panel; until then tool activity shows in the status line.
 */
import type { AgentEvent, AgentSession, AgentSessionDeps } from '../agent/agentSession';
import { AgentSession as Session } from '../agent/agentSession';
import type { UsageSnapshot } from '../agent/usage';
import type { CredentialsPort, Logger } from '../ports';

export type ChatStatus = 'streaming' | 'done' | 'stopped' | 'error';

export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  status: ChatStatus;
  error?: string;
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  costUsd: number;
  contextFill: number;
}

export type ChatEvent =
  | { type: 'messageAdded'; message: ChatEntry }
  | { type: 'assistantDelta'; messageId: string; text: string }
  /** The text of a message was replaced (a failed attempt's output was discarded before a retry). */
  | { type: 'assistantText'; messageId: string; text: string }
  | { type: 'messageFinished'; messageId: string; status: Exclude<ChatStatus, 'streaming'>; error?: string }
  | { type: 'busyChanged'; busy: boolean }
  | { type: 'status'; text: string | null }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'reset'; sessionId: string };

export interface ChatSessionDeps {
  agent: Omit<AgentSessionDeps, 'newId'>;
  credentials: CredentialsPort;
  log: Logger;
  newId: () => string;
}

export class ChatSession {
  private entries: ChatEntry[] = [];
  private readonly listeners = new Set<(e: ChatEvent) => void>();
  private agent: AgentSession;
  private lastUsage: ChatUsage | undefined;
  /** Set synchronously when a send starts, so a second send cannot slip in before the turn begins. */
  private sending = false;
  /** Stop pressed before the turn's abort controller existed: honoured at the turn's first event. */
  private stopRequested = false;

  constructor(private readonly deps: ChatSessionDeps) {
    this.agent = new Session({ ...deps.agent, newId: deps.newId });
  }

  get sessionId(): string {
    return this.agent.sessionId;
  }

  get busy(): boolean {
    return this.sending;
  }

  get usage(): ChatUsage | undefined {
    return this.lastUsage;
  }

  /** The API conversation (for tests and resume). */
  get history() {
    return this.agent.history;
  }

  /** A copy, so callers cannot mutate the session's state. */
  messages(): ChatEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  onEvent(listener: (e: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends a prompt and streams the reply. Resolves when the turn ends, however it ends. */
  async send(text: string): Promise<void> {
    if (this.sending) throw new Error('A turn is already running; stop it or wait for it to finish.');
    this.sending = true;
    this.emit({ type: 'busyChanged', busy: true });
    this.add({ id: this.deps.newId(), role: 'user', text, status: 'done' });
    const reply: ChatEntry = { id: this.deps.newId(), role: 'assistant', text: '', status: 'streaming' };
    this.add(reply);
    let attemptStart = 0;
    let finished = false;
    try {
      if (!(await this.deps.credentials.getApiKey())) {
        throw new Error('No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
      }
      const compact = /^\/compact(?:\s+([\s\S]*))?$/.exec(text.trim());
      if (compact) {
        this.emit({ type: 'status', text: 'Compacting the conversation…' });
        const result = await this.agent.compact(compact[1]?.trim() || undefined);
        const note = result.summarizedCount ? `Compacted ${result.summarizedCount} earlier messages into a summary.` : 'Nothing to compact yet.';
        reply.text = note;
        this.emit({ type: 'assistantDelta', messageId: reply.id, text: note });
        this.finish(reply, 'done');
        return;
      }
      for await (const event of this.agent.runTurn(text)) {
        if (this.stopRequested) this.agent.stop();
        if (event.type === 'requestStart') attemptStart = reply.text.length;
        const outcome = this.apply(reply, event, attemptStart);
        if (outcome) {
          this.finish(reply, outcome.status, outcome.error);
          finished = true;
        }
      }
      if (!finished) this.finish(reply, 'done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.error(`Turn failed: ${message}`);
      if (!finished) this.finish(reply, 'error', message);
    } finally {
      this.sending = false;
      this.stopRequested = false;
      this.emit({ type: 'status', text: null });
      this.emit({ type: 'busyChanged', busy: false });
    }
  }

  stop(): void {
    if (!this.sending) return;
    this.stopRequested = true;
    this.agent.stop();
  }

  /** Starts a new conversation; a running turn is stopped first. */
  reset(): void {
    this.stop();
    this.entries = [];
    this.lastUsage = undefined;
    this.agent = new Session({ ...this.deps.agent, newId: this.deps.newId });
    this.emit({ type: 'reset', sessionId: this.agent.sessionId });
  }

  /** Maps one loop event onto the reply; returns how the turn ended when it did. */
  private apply(reply: ChatEntry, event: AgentEvent, attemptStart: number): { status: Exclude<ChatStatus, 'streaming'>; error?: string } | undefined {
    switch (event.type) {
      case 'textDelta': {
        // Text after a tool round starts a new paragraph, so separate assistant messages stay readable.
        const sep = reply.text && reply.text.length === attemptStart && !reply.text.endsWith('\n\n') && attemptStart > 0 ? '\n\n' : '';
        reply.text += sep + event.text;
        this.emit({ type: 'assistantDelta', messageId: reply.id, text: sep + event.text });
        return undefined;
      }
      case 'attemptDiscarded':
        reply.text = reply.text.slice(0, attemptStart);
        this.emit({ type: 'assistantText', messageId: reply.id, text: reply.text });
        return undefined;
      case 'status':
        this.emit({ type: 'status', text: event.text });
        return undefined;
      case 'tool':
        if (event.event.type === 'toolStarted') this.emit({ type: 'status', text: event.event.activity ?? `Running ${event.event.toolName}…` });
        return undefined;
      case 'usageSnapshot':
        this.lastUsage = toChatUsage(event.snapshot);
        this.emit({ type: 'usage', usage: this.lastUsage });
        return undefined;
      case 'error':
        this.deps.log.error(`Model request failed: ${event.message}`);
        return { status: 'error', error: event.message };
      case 'done':
        if (event.reason === 'aborted') return { status: 'stopped' };
        if (event.reason === 'error') return undefined; // already finished by the error event
        if (event.reason === 'max_turns') return { status: 'error', error: `Stopped after ${event.turns} tool rounds (the maximum for one turn).` };
        return { status: 'done' };
      default:
        return undefined;
    }
  }

  private add(entry: ChatEntry): void {
    this.entries.push(entry);
    this.emit({ type: 'messageAdded', message: { ...entry } });
  }

  private finish(entry: ChatEntry, status: Exclude<ChatStatus, 'streaming'>, error?: string): void {
    if (entry.status !== 'streaming') return;
    entry.status = status;
    if (error !== undefined) entry.error = error;
    this.emit({ type: 'messageFinished', messageId: entry.id, status, ...(error !== undefined ? { error } : {}) });
  }

  private emit(event: ChatEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        this.deps.log.error(`Chat listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

function toChatUsage(s: UsageSnapshot): ChatUsage {
  return {
    inputTokens: s.session.inputTokens,
    outputTokens: s.session.outputTokens,
    cacheReadInputTokens: s.session.cacheReadInputTokens,
    cacheCreationInputTokens: s.session.cacheCreationInputTokens,
    costUsd: s.session.costUsd,
    contextFill: s.contextFill,
  };
}
