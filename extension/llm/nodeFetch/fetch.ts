/**
 * `fetch` over `node:http` / `node:https`, for the headless CLI's Anthropic client: Node's own `fetch` is
 * undici, about 11 MB of resident memory once loaded (docs/ARCHITECTURE.md, Host memory). It covers what
 * the SDK sends (a method, headers, a string or byte body, an abort signal) and streams the answer;
 * anything else (a stream or form body, a non-HTTP URL) goes to the global `fetch`.
 *
 * Like fetch: redirects are followed (up to 20), an abort rejects with an `AbortError` (and breaks off a
 * body being read), a connection failure rejects with a TypeError whose `cause` is the socket error, and a
 * gzip/deflate/br body is decoded.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { NodeHeaders, type HeadersLike } from './headers';
import { NodeFetchResponse } from './response';

export interface NodeFetchInit {
  method?: string;
  headers?: HeadersLike | NodeHeaders | null;
  body?: string | Uint8Array | ArrayBuffer | null | unknown;
  signal?: AbortSignal | null;
  redirect?: 'follow' | 'manual' | 'error';
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
const MAX_REDIRECTS = 20;

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

function bodyBytes(body: NodeFetchInit['body']): Buffer | undefined | 'unsupported' {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return 'unsupported';
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : undefined;
  if (!decoder) return res;
  res.on('error', (err) => decoder.destroy(err));
  return res.pipe(decoder);
}

function responseHeaders(res: http.IncomingMessage): NodeHeaders {
  const headers = new NodeHeaders();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

interface Attempt {
  url: URL;
  method: string;
  headers: NodeHeaders;
  body: Buffer | undefined;
  signal: AbortSignal | undefined;
}

/** One request, no redirects: resolves at the response's headers. */
function send(a: Attempt): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = a.url.protocol === 'https:';
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of a.headers) {
      const prev = headers[name];
      headers[name] = prev === undefined ? value : ([] as string[]).concat(prev, value);
    }
    if (a.body && !('content-length' in headers)) headers['content-length'] = String(a.body.length);
    const req = (secure ? https : http).request(a.url, { method: a.method, headers, agent: secure ? agents.https : agents.http });
    let response: http.IncomingMessage | undefined;
    // Before the headers the request fails; after them the body being read does.
    const onAbort = (): void => void (response ?? req).destroy(abortError(a.signal!));
    a.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      response = res;
      res.on('close', () => a.signal?.removeEventListener('abort', onAbort));
      resolve(res);
    });
    req.on('error', (err) => {
      a.signal?.removeEventListener('abort', onAbort);
      reject(err.name === 'AbortError' ? err : new TypeError('fetch failed', { cause: err }));
    });
    req.end(a.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function nodeFetch(input: string | URL | { url: string }, init: NodeFetchInit = {}): Promise<NodeFetchResponse> {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let url = new URL(href);
  let body = bodyBytes(init.body);
  if (body === 'unsupported' || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return (await globalThis.fetch(input as string, init as RequestInit)) as unknown as NodeFetchResponse;
  }
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new NodeHeaders(init.headers ?? undefined);
  for (let hop = 0; ; hop++) {
    const res = await send({ url, method, headers, body, signal });
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location && init.redirect !== 'manual') {
      res.resume();
      if (init.redirect === 'error' || hop >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error(`redirect to ${location} not followed`) });
      const next = new URL(location, url);
      if (next.origin !== url.origin) headers.delete('authorization');
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        for (const h of ['content-type', 'content-length', 'content-encoding']) headers.delete(h);
      }
      url = next;
      continue;
    }
    const empty = method === 'HEAD' || status === 204 || status === 304;
    if (empty) res.resume();
    return new NodeFetchResponse(status, responseHeaders(res), url.href, empty ? null : decoded(res), res.statusMessage, hop > 0);
  }
}
