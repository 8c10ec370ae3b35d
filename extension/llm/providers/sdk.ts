/**
 * The SDK client a provider's requests go through. Every provider SDK extends the Anthropic SDK's client and
 * rewrites its requests for its cloud (path, auth, body), so the streaming code in anthropicModelClient.ts
 * drives them all through the same `messages.stream` / `messages.create`. The cloud SDKs (and the AWS and
 * Google libraries under them) are loaded with `import()` the first time their provider is used: the default
 * Anthropic path never evaluates them.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ProviderEnv, ProviderName } from './select';
import type { VertexAuthClient } from './vertex';

/** What the streaming code needs of an SDK client. */
export interface MessagesClient {
  messages: Pick<Anthropic['messages'], 'stream' | 'create'>;
}

/** Seams for tests (a fake Google auth client) and hosts that hold credentials of their own. */
export interface ProviderOverrides {
  vertexAuthClient?: VertexAuthClient;
}

/** A new SDK client for a cloud provider; throws a `ModelError` of kind `auth` when its setup is incomplete. */
export async function createCloudClient(provider: Exclude<ProviderName, 'anthropic'>, env: ProviderEnv, overrides: ProviderOverrides = {}): Promise<MessagesClient> {
  switch (provider) {
    case 'bedrock':
      return (await import('./bedrock')).createBedrockClient(env);
    case 'vertex':
      return (await import('./vertex')).createVertexClient(env, overrides.vertexAuthClient);
    case 'foundry':
      return (await import('./foundry')).createFoundryClient(env);
  }
}
