/** WebFetch's limits (docs/TOOLS.md, WebFetch). */

/** A response body past this fails the fetch: nothing useful for a small model is that large. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Headers and body of one request must arrive within this. */
export const FETCH_TIMEOUT_MS = 30_000;
/** Same-host redirects followed before the tool gives up. */
export const MAX_REDIRECTS = 5;
/** The page text the small model reads is cut here (it has to fit a small model's context comfortably). */
export const MAX_MARKDOWN_CHARS = 100_000;
/** How long a fetched page is served from memory. */
export const CACHE_TTL_MS = 15 * 60 * 1000;
/** Pages kept in memory at most (oldest used dropped first). */
export const CACHE_MAX_ENTRIES = 50;
/** Characters kept in memory at most, all pages together. */
export const CACHE_MAX_CHARS = 20_000_000;
/** The small model's answer is short. */
export const SUMMARY_MAX_TOKENS = 2048;
/** A URL longer than this is refused before anything is fetched. */
export const MAX_URL_LENGTH = 2000;
