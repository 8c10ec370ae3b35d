/** A local HTTP server on 127.0.0.1 for the WebFetch tests: routes by path, counts requests per path. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests received, by path. */
  hits: Map<string, number>;
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html = (body: string): Route => (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

export const redirect = (location: string, status = 301): Route => (_req, res) => void res.writeHead(status, { location }).end();

export const ARTICLE = `<!doctype html><html><head><title>Guide to Widgets</title><script>window.tracker = 'TRACKER_SCRIPT';</script></head>
<body>
<nav><a href="/home">NAV_HOME_LINK</a> <a href="/about">About us</a></nav>
<article>
<h1>Guide to Widgets</h1>
<h2>Installing widgets</h2>
<p>Widgets are small components that are useful for many things in the world of software, as everybody who has
used them knows. This paragraph is long enough, with commas, clauses, and words, to count as content.</p>
<ul><li>First step</li><li>Second step</li></ul>
<p>See <a href="/docs/more">the full docs</a> for more. Another long sentence makes this paragraph look like real
content, with commas, and more commas, and several words besides.</p>
<script>console.log('INLINE_SCRIPT')</script>
</article>
<footer>FOOTER_TEXT</footer>
</body></html>`;
