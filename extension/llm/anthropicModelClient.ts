/**
 * The `ModelClient` port on @anthropic-ai/sdk: the only module (with its siblings) that imports the SDK.
 * Core types go in, core events come out; SDK errors become `ModelError`s. Retries are the loop's job
 * (core/loop/query/retry.ts), so the SDK's own retries are off and the user sees each wait.
 * The same streaming code serves every provider (llm/providers/): the cloud SDKs' clients extend this SDK's
 * and take the same requests; only the client construction and the model id differ.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AssistantContentBlock, AssistantMessage } from '../core/base/messages';
import type { ModelClient, ModelRequest, ModelStreamEvent, ModelUsage, StopReason } from '../core/contracts/modelClient';
import type { CredentialsPort, Logger, SettingsPort } from '../core/contracts/settings';
import { ModelError } from '../core/contracts/modelClient';
import type { WebSearchOutcome, WebSearchPort, WebSearchRequest } from '../core/contracts/web';
import { AnthropicApiClient } from './apiClient';
import { toModelError, type ApiEndpoint } from './errors';
import { toSdkParams } from './params';
import { providerModelId } from './providers/modelIds';
import { cloudClientKey, createCloudClient, type CloudClient, type MessagesClient, type ProviderOverrides } from './providers/sdk';
import { SDK_ERRORS, type SdkErrorClasses } from './sdkErrors';
import { PROVIDER_AUTH_HINTS, PROVIDER_LABELS, type ProviderEnv, type ProviderName } from './providers/select';
import { runWebSearch } from './webSearch';

export interface AnthropicClientOptions {
  credentials: CredentialsPort;
  settings: SettingsPort;
  log: Logger;
  /** Where requests go, read on each request (providers/select.ts); absent: the Anthropic API. */
  provider?: () => ProviderName;
  /** The cloud providers' regions, projects and keys (default process.env). */
  env?: ProviderEnv;
  providerOverrides?: ProviderOverrides;
  /**
   * The Anthropic API's transport; absent: the SDK's (the global `fetch`). The CLI passes `nodeFetch`
   * (llm/nodeFetch/), which keeps undici out of its memory.
   */
  fetch?: typeof fetch;
  /** What sets the Anthropic API's base URL, named with the URL in a connection error (default "the API base URL setting"). */
  baseUrlSetting?: string;
}

export class AnthropicModelClient implements ModelClient, WebSearchPort {
  private client: { key: string; baseURL: string | undefined; sdk: AnthropicApiClient } | undefined;
  /** The cloud provider's clients (`cloudClientKey`), each made on its first request (the SDK loads then). */
  private readonly cloud = new Map<string, Promise<CloudClient>>();

  constructor(private readonly opts: AnthropicClientOptions) {}

  /** The client for the provider of this request, and the model id that provider knows the model by. */
  private async target(model: string): Promise<{ sdk: MessagesClient; provider: ProviderName; model: string; errors: SdkErrorClasses }> {
    const provider = this.opts.provider?.() ?? 'anthropic';
    if (provider === 'anthropic') return { sdk: await this.sdk(), provider, model, errors: SDK_ERRORS };
    const env = this.opts.env ?? process.env;
    const wireModel = providerModelId(provider, model, env);
    const key = cloudClientKey(provider, wireModel, env);
    let cloud = this.cloud.get(key);
    if (!cloud) {
      cloud = createCloudClient(provider, env, this.opts.providerOverrides, wireModel);
      this.cloud.set(key, cloud);
    }
    try {
      const { client, errors } = await cloud;
      return { sdk: client, provider, model: wireModel, errors };
    } catch (err) {
      // A setup error (no region, no key) is reported now and retried with the next request's environment.
      if (this.cloud.get(key) === cloud) this.cloud.delete(key);
      if (err instanceof ModelError) throw err;
      // Not worth retrying: the same setup would fail the same way.
      throw new ModelError('auth', `Could not set up ${PROVIDER_LABELS[provider]}: ${err instanceof Error ? err.message : String(err)} ${PROVIDER_AUTH_HINTS[provider]}`);
    }
  }

  /** One SDK client per key and base URL: keeps its connection pool warm across requests. */
  private async sdk(): Promise<AnthropicApiClient> {
    const credential = await this.opts.credentials.getApiKey();
    if (!credential) {
      throw new ModelError('auth', 'No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
    }
    const baseURL = this.opts.settings.apiBaseUrl();
    if (!this.client || this.client.key !== credential.key || this.client.baseURL !== baseURL) {
      const sdk = new AnthropicApiClient({ apiKey: credential.key, ...(baseURL ? { baseURL } : {}), ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}), maxRetries: 0 });
      this.client = { key: credential.key, baseURL, sdk };
    }
    return this.client.sdk;
  }

  /** WebSearch's request (llm/webSearch.ts), on the same client, key and base URL as the conversation. */
  async search(request: WebSearchRequest): Promise<WebSearchOutcome> {
    const { sdk, provider, model, errors } = await this.target(request.model);
    this.opts.log.debug(`POST /v1/messages (web search, ${provider}) model=${model}`);
    try {
      return await runWebSearch(sdk, { ...request, model });
    } catch (err) {
      throw toModelError(err, request.signal, provider, errors, this.endpoint());
    }
  }

  /** GET /v1/models, every page: the ids the key may use, for `/model` and the header's picker. */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    const sdk = await this.sdk();
    const ids: string[] = [];
    try {
      for await (const model of sdk.models.list({ limit: 100 }, signal ? { signal } : undefined)) ids.push(model.id);
    } catch (err) {
      throw toModelError(err, signal, 'anthropic', SDK_ERRORS, this.endpoint());
    }
    return ids;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    const { sdk, provider, model, errors } = await this.target(request.model);
    this.opts.log.debug(`POST /v1/messages (${provider}) model=${model} messages=${request.messages.length}`);
    try {
      const stream = sdk.messages.stream(toSdkParams({ ...request, model }), { signal: request.signal });
      // The SDK's snapshot (`currentMessage`) is gone once the response has ended, which a reader that lags
      // behind the socket reaches before a block's stop: each block is kept as the SDK completes it.
      const completed = new Map<number, Anthropic.Messages.ContentBlock>();
      stream.on('streamEvent', (event, snapshot) => {
        if (event.type !== 'content_block_stop') return;
        const block = snapshot.content[event.index];
        if (block) completed.set(event.index, block);
      });
      for await (const event of stream) {
        switch (event.type) {
          case 'message_start':
            yield { type: 'messageStart', messageId: event.message.id, usage: usageOf(event.message.usage), model: event.message.model };
            break;
          case 'content_block_start': {
            const block = toCoreBlock(event.content_block);
            if (block) yield { type: 'blockStart', index: event.index, block };
            break;
          }
          case 'content_block_delta':
            if (event.delta.type === 'text_delta') yield { type: 'textDelta', index: event.index, text: event.delta.text };
            else if (event.delta.type === 'thinking_delta') {
              yield { type: 'thinkingDelta', index: event.index, thinking: event.delta.thinking };
            } else if (event.delta.type === 'input_json_delta') {
              yield { type: 'toolInputDelta', index: event.index, partialJson: event.delta.partial_json };
            }
            break;
          case 'content_block_stop': {
            // The SDK has assembled the block (tool input JSON included) by the time it reports the stop.
            const block = completed.get(event.index) ?? stream.currentMessage?.content[event.index];
            const converted = block ? toCoreBlock(block) : undefined;
            if (converted) yield { type: 'blockComplete', index: event.index, block: converted };
            break;
          }
          default:
            break;
        }
      }
      const final = await stream.finalMessage();
      const message: AssistantMessage = {
        role: 'assistant',
        content: final.content.map(toCoreBlock).filter((b): b is AssistantContentBlock => b !== undefined),
      };
      yield {
        type: 'messageComplete',
        message,
        stopReason: final.stop_reason as StopReason | null,
        stopSequence: final.stop_sequence ?? null,
        usage: usageOf(final.usage),
      };
    } catch (err) {
      throw toModelError(err, request.signal, provider, errors, this.endpoint());
    }
  }

  /** The base URL the Anthropic API client was made with, and what set it. */
  private endpoint(): ApiEndpoint | undefined {
    const url = this.client?.sdk.baseURL;
    return url ? { url, setting: this.opts.baseUrlSetting ?? 'the API base URL setting' } : undefined;
  }
}

function usageOf(u: {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}): ModelUsage {
  return {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadInputTokens: u.cache_read_input_tokens ?? 0,
    cacheCreationInputTokens: u.cache_creation_input_tokens ?? 0,
  };
}

/** Keeps the blocks the loop understands; server-tool blocks are not requested, so none arrive. */
function toCoreBlock(block: Anthropic.Messages.ContentBlock): AssistantContentBlock | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    default:
      return undefined;
  }
}
