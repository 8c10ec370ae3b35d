/** Paths listed per call unless `context.globLimits.maxResults` says otherwise. */
export const DEFAULT_GLOB_LIMIT = 100;
