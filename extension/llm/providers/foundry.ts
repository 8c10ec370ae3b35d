/**
 * Microsoft Foundry through @anthropic-ai/foundry-sdk: the Messages API under
 * `https://<resource>.services.ai.azure.com/anthropic/` (or ANTHROPIC_FOUNDRY_BASE_URL), with the resource's
 * key in `x-api-key`. (Microsoft Entra tokens are not wired yet.) Loaded only through providers/sdk.ts.
 */
import { AnthropicFoundry } from '@anthropic-ai/foundry-sdk';
import { ModelError } from '../../core/ports';
import { PROVIDER_AUTH_HINTS, type ProviderEnv } from './select';
import type { MessagesClient } from './sdk';

/** The error classes of the SDK copy this module is bundled with (../sdkErrors.ts). */
export { SDK_ERRORS } from '../sdkErrors';

export function createFoundryClient(env: ProviderEnv): MessagesClient {
  const apiKey = env.ANTHROPIC_FOUNDRY_API_KEY?.trim();
  if (!apiKey) throw new ModelError('auth', `Microsoft Foundry needs a key: set ANTHROPIC_FOUNDRY_API_KEY. ${PROVIDER_AUTH_HINTS.foundry}`);
  const baseURL = env.ANTHROPIC_FOUNDRY_BASE_URL?.trim();
  const resource = env.ANTHROPIC_FOUNDRY_RESOURCE?.trim();
  if (!baseURL && !resource) {
    throw new ModelError('auth', `Microsoft Foundry needs its endpoint: set ANTHROPIC_FOUNDRY_RESOURCE (the resource name) or ANTHROPIC_FOUNDRY_BASE_URL.`);
  }
  // The SDK refuses both at once; the base URL is the more specific.
  const where = baseURL ? { baseURL, resource: null } : { baseURL: null, resource: resource! };
  return new AnthropicFoundry({ apiKey, ...where, maxRetries: 0 });
}
