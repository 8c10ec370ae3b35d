/**
 * Amazon Bedrock through @anthropic-ai/bedrock-sdk: requests go to `/model/<id>/invoke-with-response-stream`
 * signed with SigV4 (or with a Bedrock API key, AWS_BEARER_TOKEN_BEDROCK). Credentials: AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN) when set, else the AWS default chain (AWS_PROFILE, SSO, the
 * instance role). Loaded only through providers/sdk.ts.
 */
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { bedrockRegion, isEnvTruthy, type ProviderEnv } from './select';
import type { MessagesClient } from './sdk';

/** The error classes of the SDK copy this module is bundled with (../sdkErrors.ts). */
export { SDK_ERRORS } from '../sdkErrors';

export function createBedrockClient(env: ProviderEnv): MessagesClient {
  const awsRegion = bedrockRegion(env);
  const baseURL = env.ANTHROPIC_BEDROCK_BASE_URL?.trim() || `https://bedrock-runtime.${awsRegion}.amazonaws.com`;
  const common = {
    awsRegion,
    baseURL,
    // Retries are the loop's (core/loop/query/retry.ts), so the user sees each wait.
    maxRetries: 0,
    // `null`, not undefined: the SDK would otherwise read the variable from process.env itself.
    apiKey: env.AWS_BEARER_TOKEN_BEDROCK?.trim() || null,
    // Claude Code's switch for a gateway that signs the requests itself.
    skipAuth: isEnvTruthy(env.CLAUDE_CODE_SKIP_BEDROCK_AUTH),
  };
  const accessKey = env.AWS_ACCESS_KEY_ID?.trim();
  const secretKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (accessKey && secretKey) {
    return new AnthropicBedrock({ ...common, awsAccessKey: accessKey, awsSecretKey: secretKey, awsSessionToken: env.AWS_SESSION_TOKEN?.trim() || null });
  }
  return new AnthropicBedrock(common);
}
