/** Bash's limits (docs/TOOLS.md, Bash). */
export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
/** Longer results are persisted to the session's storage by the executor and previewed. */
export const MAX_OUTPUT_CHARS = 30_000;
/** Progress updates at most this often while output streams. */
export const PROGRESS_INTERVAL_MS = 100;
