/**
 * The web ports: fetching one URL (WebFetch) and the API's server-side web search (WebSearch). Core never
 * opens a socket itself; `host/node/web.ts` fetches on Node, `extension/llm/` runs the search request.
 */

/** One HTTP exchange, exactly as the server answered: redirects are not followed here (the tool decides). */
export interface WebResponse {
  /** The URL that was requested. */
  url: string;
  status: number;
  statusText: string;
  /** `content-type` without parameters, lower case; '' when the server sent none. */
  contentType: string;
  /** The `location` header of a 3xx answer, resolved against `url`. */
  location?: string;
  /** The body, at most `maxBytes` (the fetch fails with `tooLarge` past it). */
  body: Uint8Array;
}

export interface WebFetchOptions {
  signal: AbortSignal;
  /** A body longer than this fails the fetch with kind `tooLarge`. */
  maxBytes: number;
  /** The whole exchange (headers and body) must finish within this. */
  timeoutMs: number;
}

export type WebErrorKind = 'dns' | 'network' | 'timeout' | 'tooLarge' | 'aborted';

/** A fetch that got no usable answer, classified so the tool can say what to do next. */
export class WebError extends Error {
  constructor(
    readonly kind: WebErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WebError';
  }
}

/** Fetches one URL without following redirects. Throws `WebError`; an HTTP error status is a normal answer. */
export interface WebPort {
  fetch(url: string, options: WebFetchOptions): Promise<WebResponse>;
}

export interface WebSearchRequest {
  query: string;
  /** The model that runs the search (a small fast one). */
  model: string;
  allowedDomains?: readonly string[];
  blockedDomains?: readonly string[];
  /** How many searches the model may run for this one request. */
  maxUses: number;
  signal: AbortSignal;
}

export interface WebSearchHit {
  title: string;
  url: string;
  /** How old the page is, as the search reported it ("2 days ago"); absent when unknown. */
  pageAge?: string;
}

export interface WebSearchOutcome {
  /** Every search the model ran, in order, with its results or the error the API reported. */
  searches: { query: string; hits: WebSearchHit[]; error?: string }[];
  /** The model's text around the results (its summary). */
  summary: string;
}

/** One Messages API request with the server-side `web_search` tool enabled. Throws `ModelError`. */
export interface WebSearchPort {
  search(request: WebSearchRequest): Promise<WebSearchOutcome>;
}
