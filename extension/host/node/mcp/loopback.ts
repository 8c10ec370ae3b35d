/**
 * Where the browser comes back to after an OAuth sign-in (RFC 8252 loopback redirect): a small HTTP listener
 * on 127.0.0.1 that takes one `GET /callback?code=…&state=…`, checks `state` (a callback from any other page
 * is refused), answers the browser with a short page, and gives up after a timeout with a clear error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback`. */
  redirectUrl: string;
  /** The authorization code; rejects on an error answer, a timeout, or `close()`. */
  code: Promise<string>;
  close(): void;
}

export interface LoopbackOptions {
  state: string;
  timeoutMs: number;
  /** Listen here if it is free (the port the client registered with), else on any free port. */
  preferredPort?: number;
  signal?: AbortSignal;
  /** How to start over, ending the refusal page and the timeout error; VS Code's /mcp panel by default. */
  retryHint?: string;
}

const RETRY_HINT = 'Start it again from the /mcp panel.';

const PATH = '/callback';

function page(title: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title><body style="font-family:sans-serif;margin:3em"><h1>${esc(title)}</h1><p>${esc(text)}</p></body>`;
}

export async function startLoopbackCallback(options: LoopbackOptions): Promise<LoopbackCallback> {
  let settle: { resolve(code: string): void; reject(err: Error): void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be awaiting yet when it fails; the caller's await still sees the rejection.
  code.catch(() => {});
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== PATH) return void res.writeHead(404).end();
    const answer = (status: number, title: string, text: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(title, text));
    if (url.searchParams.get('state') !== options.state) {
      // Not our request (a stale tab, another page): refused, and the sign-in goes on waiting.
      return answer(400, 'Sign-in not recognised', `This sign-in link does not belong to the one Codewright is waiting for. ${options.retryHint ?? RETRY_HINT}`);
    }
    const error = url.searchParams.get('error');
    const got = url.searchParams.get('code');
    if (error || !got) {
      answer(400, 'Sign-in failed', `The server answered: ${error ?? 'no authorization code'}. You can close this tab.`);
      return finish(new Error(`The sign-in failed: ${error ?? 'no authorization code'}${describe(url.searchParams.get('error_description'))}`));
    }
    answer(200, 'Signed in', 'Codewright is signed in to the MCP server. You can close this tab.');
    finish(undefined, got);
  });
  const timer = setTimeout(() => finish(new Error(`The sign-in timed out after ${Math.round(options.timeoutMs / 1000)} s without the browser coming back. ${options.retryHint ?? RETRY_HINT}`)), options.timeoutMs);
  const onAbort = () => finish(new Error('The sign-in was cancelled.'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let done = false;
  function finish(err: Error | undefined, got?: string) {
    if (done) return;
    done = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    // Let the page reach the browser before the listener goes.
    setImmediate(() => server.close());
    server.closeIdleConnections?.();
    if (err) settle?.reject(err);
    else settle?.resolve(got!);
  }
  const port = await listen(server, options.preferredPort).catch((err: unknown) => {
    clearTimeout(timer);
    throw err;
  });
  return { redirectUrl: `http://127.0.0.1:${port}${PATH}`, code, close: () => finish(new Error('The sign-in was cancelled.')) };
}

function describe(text: string | null): string {
  return text ? ` (${text})` : '';
}

/** On the preferred port if it is free, else any. */
async function listen(server: Server, preferred: number | undefined): Promise<number> {
  const on = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      server.once('error', failed);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', failed);
        resolve((server.address() as AddressInfo).port);
      });
    });
  if (preferred) {
    try {
      return await on(preferred);
    } catch {
      // Taken: any free port; the provider registers again for it.
    }
  }
  return on(0);
}
