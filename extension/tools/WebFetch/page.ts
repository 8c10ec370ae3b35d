/**
 * Fetching one page through the web port: redirects within the same host are followed (a few hops), a
 * redirect to another host is returned instead, so the model decides — and the permission check sees the new
 * host — with a new WebFetch call. HTTP errors and port failures become `ToolError`s that say what happened.
 */
import { ToolError } from '../../core/contracts/toolErrors';
import { WebError, type WebPort, type WebResponse } from '../../core/contracts/web';
import type { FetchedPage } from './cache';
import { FETCH_TIMEOUT_MS, MAX_REDIRECTS, MAX_RESPONSE_BYTES } from './constants';
import { toPageContent } from './convert';

export type FetchOutcome = { kind: 'page'; page: FetchedPage } | { kind: 'redirect'; from: string; to: string; status: number };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Same host name and port; www.example.com and example.com are different hosts. */
function sameHost(from: URL, to: URL): boolean {
  return from.hostname.toLowerCase() === to.hostname.toLowerCase() && from.port === to.port;
}

export async function fetchPage(web: WebPort, start: URL, signal: AbortSignal): Promise<FetchOutcome> {
  let current = start;
  for (let hop = 0; ; hop++) {
    const res = await fetchOnce(web, current.href, signal);
    if (!REDIRECT_STATUSES.has(res.status)) return { kind: 'page', page: await toPage(res) };
    if (!res.location) throw new ToolError('unavailable', `${current.href} answered ${res.status} without a Location header.`);
    const next = new URL(res.location);
    if (!sameHost(current, next)) return { kind: 'redirect', from: current.href, to: next.href, status: res.status };
    if (hop >= MAX_REDIRECTS) throw new ToolError('unavailable', `${start.href} redirected more than ${MAX_REDIRECTS} times; stopped at ${next.href}.`);
    current = next;
  }
}

async function fetchOnce(web: WebPort, url: string, signal: AbortSignal): Promise<WebResponse> {
  try {
    return await web.fetch(url, { signal, maxBytes: MAX_RESPONSE_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof WebError)) throw err;
    if (err.kind === 'aborted') throw new ToolError('interrupted', err.message);
    if (err.kind === 'timeout') throw new ToolError('timeout', `${err.message} Try again later, or another page.`);
    if (err.kind === 'tooLarge') throw new ToolError('too_large', `${err.message} WebFetch reads pages up to ${MAX_RESPONSE_BYTES} bytes.`);
    if (err.kind === 'dns') throw new ToolError('not_found', `${err.message} Check the spelling of the domain.`);
    throw new ToolError('unavailable', err.message);
  }
}

async function toPage(res: WebResponse): Promise<FetchedPage> {
  if (res.status >= 400) {
    const hint = res.status === 404 || res.status === 410 ? 'Check the URL.' : res.status >= 500 ? 'The server failed; try again later.' : 'The server refused the request.';
    throw new ToolError(res.status === 404 ? 'not_found' : 'unavailable', `${res.url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}. ${hint}`);
  }
  return {
    url: res.url,
    status: res.status,
    statusText: res.statusText,
    contentType: res.contentType,
    bytes: res.body.byteLength,
    content: await toPageContent(res.body, res.contentType, res.url),
  };
}
