/**
 * The SDK's error classes, as one value. Each lazily loaded provider chunk (dist/lazy/) is bundled with its
 * own copy of @anthropic-ai/sdk, so an error its client throws is an instance of that copy's classes, not
 * this bundle's: each provider module exports the set its client was built with (providers/sdk.ts), and
 * `toModelError` classifies with it (a Bedrock 401 is an auth error, not a network error to retry).
 */
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';

export interface SdkErrorClasses {
  APIError: typeof APIError;
  APIConnectionError: typeof APIConnectionError;
  APIUserAbortError: typeof APIUserAbortError;
}

export const SDK_ERRORS: SdkErrorClasses = { APIError, APIConnectionError, APIUserAbortError };
