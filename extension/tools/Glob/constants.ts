export const GLOB_TOOL_NAME = 'Glob';
/** Paths listed per call unless `context.globLimits.maxResults` says otherwise. */
export const DEFAULT_GLOB_LIMIT = 100;
