/**
 * Google Vertex AI through @anthropic-ai/vertex-sdk: requests go to
 * `/v1/projects/<project>/locations/<region>/publishers/anthropic/models/<id>:streamRawPredict` with a Google
 * OAuth bearer token from Application Default Credentials (`gcloud auth application-default login`, a service
 * account, the metadata server). Loaded only through providers/sdk.ts.
 */
import { AnthropicVertex, type ClientOptions } from '@anthropic-ai/vertex-sdk';
import { ModelError } from '../../core/contracts/modelClient';
import { isEnvTruthy, PROVIDER_AUTH_HINTS, type ProviderEnv } from './select';
import type { MessagesClient } from './sdk';

/** The error classes of the SDK copy this module is bundled with (../sdkErrors.ts). */
export { SDK_ERRORS } from '../sdkErrors';

/** google-auth-library's AuthClient, as the SDK takes it (tests pass a fake with `getRequestHeaders`). */
export type VertexAuthClient = NonNullable<ClientOptions['authClient']>;

/** A client for one region: `CLOUD_ML_REGION`, or the model's own (./vertexRegion.ts) when `region` is given. */
export function createVertexClient(env: ProviderEnv, authClient?: VertexAuthClient, region = env.CLOUD_ML_REGION?.trim()): MessagesClient {
  if (!region) {
    throw new ModelError('auth', `Google Vertex AI needs a region: set CLOUD_ML_REGION (for example us-east5, or global), or the model's own VERTEX_REGION_… variable. ${PROVIDER_AUTH_HINTS.vertex}`);
  }
  const baseURL = env.ANTHROPIC_VERTEX_BASE_URL?.trim();
  const auth = authClient ?? (isEnvTruthy(env.CLAUDE_CODE_SKIP_VERTEX_AUTH) ? noAuth() : undefined);
  return new AnthropicVertex({
    region,
    projectId: env.ANTHROPIC_VERTEX_PROJECT_ID?.trim() || null,
    ...(baseURL ? { baseURL } : {}),
    ...(auth ? { authClient: auth } : {}),
    // Retries are the loop's (core/loop/query/retry.ts), so the user sees each wait.
    maxRetries: 0,
  });
}

/** CLAUDE_CODE_SKIP_VERTEX_AUTH: a gateway in front of Vertex AI adds the credentials; send none. */
function noAuth(): VertexAuthClient {
  return { getRequestHeaders: async () => new Headers(), projectId: undefined } as unknown as VertexAuthClient;
}
