/**
 * `WebPort` on Node's fetch (undici): one request, `redirect: 'manual'` so the tool sees every 3xx and decides
 * whether to follow it; the body is read chunk by chunk and the read stops as soon as it passes the cap, so a
 * huge page never lands in memory whole. The time cap covers headers and body.
 */
import { WebError, type WebFetchOptions, type WebPort, type WebResponse } from '../../core/contracts/web';

const USER_AGENT = 'Codewright/1.0 (WebFetch; +https://github.com/codewright)';

export class NodeWeb implements WebPort {
  async fetch(url: string, options: WebFetchOptions): Promise<WebResponse> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([options.signal, timeout]);
    try {
      const res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { 'user-agent': USER_AGENT, accept: 'text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.8' },
      });
      const location = res.headers.get('location');
      const body = await readCapped(res, options.maxBytes);
      return {
        url,
        status: res.status,
        statusText: res.statusText,
        contentType: (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
        ...(location ? { location: new URL(location, url).href } : {}),
        body,
      };
    } catch (err) {
      throw toWebError(err, url, options, timeout);
    }
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new WebError('tooLarge', `The response is ${declared} bytes, over the ${maxBytes}-byte limit.`);
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new WebError('tooLarge', `The response is over the ${maxBytes}-byte limit.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function toWebError(err: unknown, url: string, options: WebFetchOptions, timeout: AbortSignal): WebError {
  if (err instanceof WebError) return err;
  if (options.signal.aborted) return new WebError('aborted', 'The fetch was cancelled.');
  if (timeout.aborted) return new WebError('timeout', `${url} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`);
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new WebError('dns', `The host of ${url} could not be found (${code}).`);
  const detail = cause?.message ?? (err instanceof Error ? err.message : String(err));
  return new WebError('network', `Could not fetch ${url}: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}.`);
}
