/**
 * The `ModelClient` port on @anthropic-ai/sdk. The only module (with its siblings) that imports the SDK.
 * SDK errors become `ModelError`s with a kind the UI can act on; nothing SDK-shaped leaks into core.
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  ModelError,
  type CredentialsPort,
  type Logger,
  type ModelClient,
  type ModelRequest,
  type ModelStreamEvent,
  type ModelUsage,
  type SettingsPort,
} from '../core/ports';

export interface AnthropicClientOptions {
  credentials: CredentialsPort;
  settings: SettingsPort;
  log: Logger;
  /** The walking skeleton does not retry; the agent loop adds backoff with user-visible status. */
  maxRetries?: number;
}

export class AnthropicModelClient implements ModelClient {
  constructor(private readonly opts: AnthropicClientOptions) {}

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    const credential = await this.opts.credentials.getApiKey();
    if (!credential) {
      throw new ModelError('auth', 'No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
    }
    const baseURL = this.opts.settings.apiBaseUrl();
    const client = new Anthropic({
      apiKey: credential.key,
      ...(baseURL ? { baseURL } : {}),
      maxRetries: this.opts.maxRetries ?? 0,
    });
    this.opts.log.debug(`POST ${baseURL ?? 'https://api.anthropic.com'}/v1/messages model=${request.model}`);
    const usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
    let stopReason: string | null = null;
    try {
      const stream = client.messages.stream(
        {
          model: request.model,
          max_tokens: request.maxTokens,
          ...(request.system ? { system: request.system } : {}),
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        },
        { signal: request.signal },
      );
      for await (const event of stream) {
        switch (event.type) {
          case 'message_start':
            usage.inputTokens = event.message.usage.input_tokens;
            usage.cacheReadInputTokens = event.message.usage.cache_read_input_tokens ?? 0;
            usage.cacheCreationInputTokens = event.message.usage.cache_creation_input_tokens ?? 0;
            break;
          case 'content_block_delta':
            if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
            break;
          case 'message_delta':
            stopReason = event.delta.stop_reason;
            usage.outputTokens = event.usage.output_tokens;
            break;
          default:
            break;
        }
      }
    } catch (err) {
      throw toModelError(err, request.signal);
    }
    yield { type: 'done', stopReason, usage };
  }
}

/** Classifies an SDK failure and says what to do next. */
export function toModelError(err: unknown, signal?: AbortSignal): ModelError {
  if (err instanceof ModelError) return err;
  if (signal?.aborted || err instanceof Anthropic.APIUserAbortError) return new ModelError('aborted', 'Stopped.');
  if (err instanceof Anthropic.APIConnectionError) {
    return new ModelError('network', `Could not reach the Anthropic API (${err.message}). Check your network and the API base URL setting.`);
  }
  if (err instanceof Anthropic.APIError) {
    const detail = apiErrorMessage(err);
    const status = err.status;
    if (status === 401) {
      return new ModelError('auth', `The API key was rejected (401: ${detail}). Run "Codewright: Set API Key" to set a valid key.`, status);
    }
    if (status === 403) return new ModelError('permission', `Permission denied (403: ${detail}).`, status);
    if (status === 429) return new ModelError('rateLimit', `Rate limited (429: ${detail}). Wait a moment and try again.`, status);
    if (status === 529) return new ModelError('overloaded', `The API is overloaded (529: ${detail}). Try again shortly.`, status);
    if (status !== undefined && status >= 500) return new ModelError('server', `The API failed (${status}: ${detail}). Try again.`, status);
    if (status !== undefined) return new ModelError('invalidRequest', `The request was rejected (${status}: ${detail}).`, status);
    // A stream that ends mid-message surfaces as an APIError without a status.
    return new ModelError('network', `The response stream broke off (${err.message}). Try again.`);
  }
  return new ModelError('network', err instanceof Error ? err.message : String(err));
}

function apiErrorMessage(err: InstanceType<typeof Anthropic.APIError>): string {
  const body = err.error as { error?: { message?: unknown } } | undefined;
  const inner = body?.error?.message;
  return typeof inner === 'string' ? inner : err.message;
}
