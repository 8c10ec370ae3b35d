/**
 * Microsoft Foundry through @anthropic-ai/foundry-sdk: the Messages API under
 * `https://<resource>.services.ai.azure.com/anthropic/` (or ANTHROPIC_FOUNDRY_BASE_URL), with the resource's
 * key in `x-api-key` when ANTHROPIC_FOUNDRY_API_KEY is set, else a Microsoft Entra ID token as a bearer from
 * Azure's default credential chain (`az login`, a managed identity, AZURE_CLIENT_ID / AZURE_TENANT_ID /
 * AZURE_CLIENT_SECRET, workload identity). Loaded only through providers/sdk.ts.
 */
import { AnthropicFoundry } from '@anthropic-ai/foundry-sdk';
import { DefaultAzureCredential, getBearerTokenProvider } from '@azure/identity';
import { ModelError } from '../../core/contracts/modelClient';
import type { ProviderEnv } from './select';
import type { MessagesClient } from './sdk';

/** The error classes of the SDK copy this module is bundled with (../sdkErrors.ts). */
export { SDK_ERRORS } from '../sdkErrors';

/** What an Entra ID token for Foundry's Claude endpoints is asked for. */
export const FOUNDRY_TOKEN_SCOPE = 'https://ai.azure.com/.default';

/** Hands out a bearer token (Entra ID); tests and hosts with credentials of their own pass one. */
export type FoundryTokenProvider = () => Promise<string>;

export function createFoundryClient(env: ProviderEnv, tokenProvider?: FoundryTokenProvider): MessagesClient {
  const baseURL = env.ANTHROPIC_FOUNDRY_BASE_URL?.trim();
  const resource = env.ANTHROPIC_FOUNDRY_RESOURCE?.trim();
  if (!baseURL && !resource) {
    throw new ModelError('auth', `Microsoft Foundry needs its endpoint: set ANTHROPIC_FOUNDRY_RESOURCE (the resource name) or ANTHROPIC_FOUNDRY_BASE_URL.`);
  }
  // The SDK refuses both at once; the base URL is the more specific.
  const where = baseURL ? { baseURL, resource: null } : { baseURL: null, resource: resource! };
  const apiKey = env.ANTHROPIC_FOUNDRY_API_KEY?.trim();
  if (apiKey) return new AnthropicFoundry({ apiKey, ...where, maxRetries: 0 });
  const azureADTokenProvider = tokenProvider ?? getBearerTokenProvider(new DefaultAzureCredential(), FOUNDRY_TOKEN_SCOPE);
  // `apiKey: null` (typed as absent), not undefined: the SDK would read the variable from process.env itself and
  // then refuse a key and a token provider together.
  return new AnthropicFoundry({ azureADTokenProvider, apiKey: null as unknown as undefined, ...where, maxRetries: 0 });
}
