/**
 * The walking skeleton of the agent loop: one conversation, text only. A prompt becomes a user message,
 * the model's reply streams into an assistant message, Stop aborts the stream. The full tool loop
 * (core/agent/query.ts) replaces the request part; the state and events stay.
 */
import { ModelError, type CredentialsPort, type Logger, type ModelClient, type ModelMessage, type SettingsPort } from '../ports';

export type ChatStatus = 'streaming' | 'done' | 'stopped' | 'error';

export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  status: ChatStatus;
  error?: string;
}

export type ChatEvent =
  | { type: 'messageAdded'; message: ChatEntry }
  | { type: 'assistantDelta'; messageId: string; text: string }
  | { type: 'messageFinished'; messageId: string; status: Exclude<ChatStatus, 'streaming'>; error?: string }
  | { type: 'busyChanged'; busy: boolean }
  | { type: 'reset'; sessionId: string };

export interface ChatSessionDeps {
  model: ModelClient;
  credentials: CredentialsPort;
  settings: SettingsPort;
  log: Logger;
  newId: () => string;
}

export class ChatSession {
  private entries: ChatEntry[] = [];
  private running: AbortController | undefined;
  private readonly listeners = new Set<(e: ChatEvent) => void>();
  private id: string;

  constructor(private readonly deps: ChatSessionDeps) {
    this.id = deps.newId();
  }

  get sessionId(): string {
    return this.id;
  }

  get busy(): boolean {
    return this.running !== undefined;
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
    if (this.running) throw new Error('A turn is already running; stop it or wait for it to finish.');
    const abort = new AbortController();
    this.running = abort;
    this.emit({ type: 'busyChanged', busy: true });
    const user: ChatEntry = { id: this.deps.newId(), role: 'user', text, status: 'done' };
    this.add(user);
    const reply: ChatEntry = { id: this.deps.newId(), role: 'assistant', text: '', status: 'streaming' };
    const history = this.history();
    this.add(reply);
    try {
      await this.stream(reply, history, abort.signal);
      this.finish(reply, 'done');
    } catch (err) {
      if (abort.signal.aborted || (err instanceof ModelError && err.kind === 'aborted')) {
        this.finish(reply, 'stopped');
      } else {
        const message = describeError(err);
        this.deps.log.error(`Model request failed: ${message}`);
        this.finish(reply, 'error', message);
      }
    } finally {
      this.running = undefined;
      this.emit({ type: 'busyChanged', busy: false });
    }
  }

  stop(): void {
    this.running?.abort();
  }

  /** Starts a new conversation; a running turn is stopped first. */
  reset(): void {
    this.stop();
    this.entries = [];
    this.id = this.deps.newId();
    this.emit({ type: 'reset', sessionId: this.id });
  }

  private async stream(reply: ChatEntry, messages: ModelMessage[], signal: AbortSignal): Promise<void> {
    const { settings, credentials, model } = this.deps;
    if (!(await credentials.getApiKey())) {
      throw new ModelError('auth', 'No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
    }
    const request = { model: settings.model(), maxTokens: settings.maxTokens(), messages, signal };
    for await (const event of model.stream(request)) {
      if (signal.aborted) break;
      if (event.type === 'text' && event.text) {
        reply.text += event.text;
        this.emit({ type: 'assistantDelta', messageId: reply.id, text: event.text });
      } else if (event.type === 'done') {
        this.deps.log.info(
          `Turn ended: stop_reason=${event.stopReason ?? 'none'} input=${event.usage.inputTokens} output=${event.usage.outputTokens}`,
        );
      }
    }
    if (signal.aborted) throw new ModelError('aborted', 'Stopped.');
  }

  /**
   * The request transcript: finished turns only. An assistant message that failed or stayed empty is
   * left out (the API rejects empty text), and consecutive user messages are allowed: the API joins them.
   */
  private history(): ModelMessage[] {
    return this.entries
      .filter((e) => e.role === 'user' || (e.status !== 'error' && e.text.trim() !== ''))
      .map((e) => ({ role: e.role, content: e.text }));
  }

  private add(entry: ChatEntry): void {
    this.entries.push(entry);
    this.emit({ type: 'messageAdded', message: { ...entry } });
  }

  private finish(entry: ChatEntry, status: Exclude<ChatStatus, 'streaming'>, error?: string): void {
    entry.status = status;
    if (error !== undefined) entry.error = error;
    this.emit({ type: 'messageFinished', messageId: entry.id, status, ...(error !== undefined ? { error } : {}) });
  }

  private emit(event: ChatEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        this.deps.log.error(`Chat listener failed: ${describeError(err)}`);
      }
    }
  }
}

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
