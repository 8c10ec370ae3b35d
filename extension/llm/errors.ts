/** Classifies SDK failures as `ModelError`s and says what to do next (for the provider the request went to). */
import { ModelError } from '../core/contracts/modelClient';
import { SDK_ERRORS, type SdkErrorClasses } from './sdkErrors';
import { PROVIDER_AUTH_HINTS, PROVIDER_LABELS, type ProviderName } from './providers/select';

/** How the SDKs report a token function that threw (Foundry's `azureADTokenProvider`, the base SDK's `apiKey`). */
const TOKEN_SOURCE_FAILURE = /^(?:Failed to get token from azureADTokenProvider|The `apiKey` function failed): ([\s\S]*)$/;

/** The cloud SDKs report credentials they could not get as connection errors; these are setup problems. */
const CLOUD_CREDENTIAL_FAILURE = /^Failed to (resolve AWS credentials|acquire Google OAuth credentials)/;

/** Where the Anthropic API requests went, named by a connection error. */
export interface ApiEndpoint {
  url: string;
  /** What chose it, as the user sets it: "the API base URL setting" in VS Code, "ANTHROPIC_BASE_URL" in the CLI. */
  setting: string;
}

/**
 * What actually failed under the SDK's "Connection error.": the innermost cause's message with its code
 * ("connect ECONNREFUSED 127.0.0.1:1", "ENOTFOUND: getaddrinfo ENOTFOUND api.example"), else the error's own.
 */
export function connectionCause(err: Error): string {
  let inner: unknown = err;
  for (let depth = 0; depth < 8; depth++) {
    const next: unknown = (inner as { cause?: unknown }).cause ?? (inner instanceof AggregateError ? inner.errors[0] : undefined);
    if (!(next instanceof Error)) break;
    inner = next;
  }
  const e = inner as Error & { code?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = e.message || code || err.message;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * `errors`: the classes of the SDK copy the client came from (sdkErrors.ts); a lazy provider chunk has its own.
 * `endpoint`: the Anthropic API's address and what set it, for a connection error to name.
 */
export function toModelError(err: unknown, signal?: AbortSignal, provider: ProviderName = 'anthropic', errors: SdkErrorClasses = SDK_ERRORS, endpoint?: ApiEndpoint): ModelError {
  if (err instanceof ModelError) return err;
  if (signal?.aborted || err instanceof errors.APIUserAbortError) return new ModelError('aborted', 'Stopped.');
  const service = provider === 'anthropic' ? 'the Anthropic API' : PROVIDER_LABELS[provider];
  // A token source the SDK calls for each request (Foundry's Entra ID) failed: the sign-in, not the network.
  const tokenFailure = err instanceof Error ? TOKEN_SOURCE_FAILURE.exec(err.message) : null;
  if (tokenFailure) {
    return new ModelError('auth', `Could not get credentials for ${service}: ${tokenFailure[1]!.replace(/\.$/, '')}. ${PROVIDER_AUTH_HINTS[provider]}`);
  }
  if (err instanceof errors.APIConnectionError) {
    if (CLOUD_CREDENTIAL_FAILURE.test(err.message)) {
      const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
      return new ModelError('auth', `${err.message}${cause} ${PROVIDER_AUTH_HINTS[provider]}`);
    }
    const check = provider === 'anthropic' ? (endpoint?.setting ?? 'the API base URL setting') : `the ${PROVIDER_LABELS[provider]} endpoint settings`;
    const at = provider === 'anthropic' && endpoint ? ` at ${endpoint.url}` : '';
    return new ModelError('network', `Could not reach ${service}${at} (${connectionCause(err)}). Check your network and ${check}.`);
  }
  if (err instanceof errors.APIError) {
    const detail = apiErrorMessage(err);
    const status = err.status;
    const retryAfter = retryAfterMs(err.headers);
    if (status === 401) {
      const what = provider === 'anthropic' ? 'The API key was rejected' : `${service} rejected the credentials`;
      return new ModelError('auth', `${what} (401: ${detail}). ${PROVIDER_AUTH_HINTS[provider]}`, status);
    }
    if (status === 403) {
      const hint = provider === 'anthropic' ? '' : ` ${PROVIDER_AUTH_HINTS[provider]}`;
      return new ModelError('permission', `Permission denied by ${service} (403: ${detail}).${hint}`, status);
    }
    if (status === 429) return new ModelError('rateLimit', `Rate limited (429: ${detail}).`, status, retryAfter);
    if (status === 529 || apiErrorType(err) === 'overloaded_error') {
      return new ModelError('overloaded', `The API is overloaded (${status ?? 'stream'}: ${detail}).`, status, retryAfter);
    }
    if (status === 413 || (status === 400 && /prompt is too long|too many tokens|context length/i.test(detail))) {
      return new ModelError('promptTooLong', `The conversation is too long for the model (${detail}).`, status);
    }
    if (status !== undefined && status >= 500) return new ModelError('server', `The API failed (${status}: ${detail}).`, status, retryAfter);
    if (status !== undefined) return new ModelError('invalidRequest', `The request was rejected (${status}: ${detail}).`, status);
    // An error event inside the stream, or a stream that ended mid-message: both surface without a status.
    return new ModelError('network', `The response stream broke off (${err.message}).`);
  }
  if (err instanceof Error && /terminated|socket|ECONNRESET|premature|aborted/i.test(err.message)) {
    return new ModelError('network', `The response stream broke off (${err.message}).`);
  }
  return new ModelError('network', err instanceof Error ? err.message : String(err));
}

function apiErrorType(err: InstanceType<SdkErrorClasses['APIError']>): string | undefined {
  const body = err.error as { error?: { type?: unknown }; type?: unknown } | undefined;
  const t = body?.error?.type ?? body?.type;
  return typeof t === 'string' ? t : undefined;
}

function apiErrorMessage(err: InstanceType<SdkErrorClasses['APIError']>): string {
  const body = err.error as { error?: { message?: unknown } } | undefined;
  const inner = body?.error?.message;
  return typeof inner === 'string' ? inner : err.message;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
