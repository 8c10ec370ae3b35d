/**
 * The SDK client a provider's requests go through. Every provider SDK extends the Anthropic SDK's client and
 * rewrites its requests for its cloud (path, auth, body), so the streaming code in anthropicModelClient.ts
 * drives them all through the same `messages.stream` / `messages.create`. The cloud SDKs (and the AWS and
 * Google libraries under them) are loaded with `import()` the first time their provider is used: the default
 * Anthropic path never evaluates them.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ProviderEnv, ProviderName } from './select';
import type { SdkErrorClasses } from '../sdkErrors';
import type { FoundryTokenProvider } from './foundry';
import type { VertexAuthClient } from './vertex';
import { vertexRegionFor } from './vertexRegion';

/** What the streaming code needs of an SDK client. */
export interface MessagesClient {
  messages: Pick<Anthropic['messages'], 'stream' | 'create'>;
}

/** A cloud provider's client and the SDK error classes it throws (its chunk's own copy: ../sdkErrors.ts). */
export interface CloudClient {
  client: MessagesClient;
  errors: SdkErrorClasses;
}

/** Seams for tests (a fake Google auth client) and hosts that hold credentials of their own. */
export interface ProviderOverrides {
  vertexAuthClient?: VertexAuthClient;
  /** Foundry without a key: the Entra ID token source (default: Azure's default credential chain). */
  foundryTokenProvider?: FoundryTokenProvider;
}

/**
 * Which client serves a request for `model` (the provider's id): one per provider, and on Vertex AI one per region,
 * as a model may have a region of its own (./vertexRegion.ts).
 */
export function cloudClientKey(provider: Exclude<ProviderName, 'anthropic'>, model: string, env: ProviderEnv): string {
  return provider === 'vertex' ? `vertex@${vertexRegionFor(model, env) ?? ''}` : provider;
}

/**
 * A new SDK client for a cloud provider, for requests for `model` (the provider's id); throws a `ModelError` of
 * kind `auth` when its setup is incomplete.
 */
export async function createCloudClient(provider: Exclude<ProviderName, 'anthropic'>, env: ProviderEnv, overrides: ProviderOverrides = {}, model = ''): Promise<CloudClient> {
  switch (provider) {
    case 'bedrock': {
      const m = await import('./bedrock');
      return { client: m.createBedrockClient(env), errors: m.SDK_ERRORS };
    }
    case 'vertex': {
      const m = await import('./vertex');
      return { client: m.createVertexClient(env, overrides.vertexAuthClient, vertexRegionFor(model, env)), errors: m.SDK_ERRORS };
    }
    case 'foundry': {
      const m = await import('./foundry');
      return { client: m.createFoundryClient(env, overrides.foundryTokenProvider), errors: m.SDK_ERRORS };
    }
  }
}
