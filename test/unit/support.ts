/** Small fakes for unit tests (fakes over mocks: they behave, they do not just record). */
import type { CredentialsPort, Logger, ModelClient, ModelRequest, ModelStreamEvent, SettingsPort } from '../../extension/core/ports';

export class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string }[] = [];
  private put = (level: string) => (message: string | Error) =>
    this.lines.push({ level, message: message instanceof Error ? message.message : message });
  trace = this.put('trace');
  debug = this.put('debug');
  info = this.put('info');
  warn = this.put('warn');
  error = this.put('error');
}

export const keyed: CredentialsPort = { getApiKey: async () => ({ key: 'sk-test', source: 'environment' }) };
export const keyless: CredentialsPort = { getApiKey: async () => undefined };

export const settings: SettingsPort = { model: () => 'claude-test', maxTokens: () => 256, apiBaseUrl: () => undefined };

export function sequentialIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

const usage = { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

/**
 * A model that streams scripted chunks, one per `step()` when `manual`, else all at once. It honours the
 * abort signal the way the SDK does: the iterator throws once the signal fires.
 */
export class ScriptedModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private waiters: (() => void)[] = [];

  constructor(
    private readonly replies: (string[] | Error)[],
    private readonly manual = false,
  ) {}

  step(): void {
    this.waiters.shift()?.();
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests.push({ ...request, messages: request.messages.map((m) => ({ ...m })) });
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('ScriptedModel: no reply scripted');
    if (reply instanceof Error) throw reply;
    for (const text of reply) {
      if (this.manual) {
        await new Promise<void>((resolve, reject) => {
          this.waiters.push(resolve);
          request.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        });
      }
      yield { type: 'text', text };
    }
    yield { type: 'done', stopReason: 'end_turn', usage };
  }
}

/** Resolves after pending microtasks and timers of zero delay. */
export const tick = () => new Promise((r) => setTimeout(r, 0));
