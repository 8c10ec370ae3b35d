/**
 * Serves the real webview page (renderWebviewHtml, the built bundle and its CSS) from 127.0.0.1 and
 * opens it in Chromium with a stand-in for VS Code's `acquireVsCodeApi()`. Tests talk to the page the
 * way the host does, with `window.postMessage`, and read back what it posted.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { renderWebviewHtml } from '../../extension/ui/chat/webviewHtml';
import { DIST } from './bundle';
import { BODY_CLASSES, isLightTheme, THEME_KINDS, themeCss, type ThemeKind } from './theme';

export interface Harness {
  origin: string;
  close(): Promise<void>;
}

/** What the stub keeps on `window`; read back with `page.evaluate`. */
interface StubWindow {
  __posted: unknown[];
  __vscodeState: unknown;
  __cspViolations: string[];
}

const STATIC: Record<string, { file: string; type: string }> = {
  '/dist/webview.js': { file: 'webview.js', type: 'text/javascript' },
  '/dist/webview.css': { file: 'webview.css', type: 'text/css' },
};

const THEME_SHEETS: Record<string, ThemeKind> = Object.fromEntries(THEME_KINDS.map((kind) => [`/theme-${kind}.css`, kind]));

/** Inline JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value ?? null).replace(/</g, '\\u003c');

function stubScript(theme: ThemeKind, initialState: unknown): string {
  return `
(() => {
  let state = ${scriptJson(initialState)};
  let acquired = false;
  window.__posted = [];
  window.__vscodeState = state;
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline'));
  });
  document.body.classList.add(...${JSON.stringify(BODY_CLASSES[theme])});
  document.body.dataset.vscodeThemeKind = 'vscode-${theme}';
  // Like VS Code: the API may be acquired once; messages are structured-cloned.
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
    acquired = true;
    return {
      postMessage: (m) => { window.__posted.push(structuredClone(m)); },
      getState: () => state,
      setState: (s) => { state = structuredClone(s); window.__vscodeState = state; return s; },
    };
  };
})();`;
}

function renderPage(origin: string, theme: ThemeKind, initialState: unknown): string {
  const nonce = randomBytes(16).toString('base64');
  const html = renderWebviewHtml({
    scriptUri: `${origin}/dist/webview.js`,
    styleUri: `${origin}/dist/webview.css`,
    cspSource: origin,
    nonce,
  });
  const bundleTag = `<script nonce="${nonce}" src=`;
  if (!html.includes(bundleTag) || !html.includes('<link rel="stylesheet"')) {
    throw new Error('renderWebviewHtml changed shape: update the harness injection points.');
  }
  return html
    .replace('<link rel="stylesheet"', `<link rel="stylesheet" href="${origin}/theme-${theme}.css">\n<link rel="stylesheet"`)
    .replace(bundleTag, `<script nonce="${nonce}">${stubScript(theme, initialState)}</script>\n${bundleTag}`);
}

/** `dist`: where webview.js/css are served from (the bench serves a production build). */
export async function startHarness(opts: { dist?: string } = {}): Promise<Harness> {
  const dist = opts.dist ?? DIST;
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const asset = STATIC[url.pathname];
      const theme = THEME_SHEETS[url.pathname];
      if (url.pathname === '/') {
        const kind: ThemeKind = THEME_KINDS.find((k) => k === url.searchParams.get('theme')) ?? 'dark';
        const state: unknown = JSON.parse(url.searchParams.get('state') ?? 'null');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderPage(origin, kind, state));
      } else if (asset) {
        res.writeHead(200, { 'content-type': asset.type }).end(await readFile(join(dist, asset.file)));
      } else if (theme) {
        res.writeHead(200, { 'content-type': 'text/css' }).end(themeCss(theme));
      } else {
        res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      }
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => {
          if (e) reject(e);
          else resolve();
        });
      }),
  };
}

export interface OpenOptions {
  theme?: ThemeKind;
  /** What `getState()` returns on load, as VS Code restores it after the view was hidden. */
  vscodeState?: unknown;
  viewport?: { width: number; height: number };
}

/** A loaded webview page plus what it said: console errors, dialogs, posted messages. */
export interface WebviewPage {
  page: Page;
  consoleErrors: string[];
  consoleWarnings: string[];
  dialogs: string[];
  /** Delivers events the way the host does and returns once the page has handled them. */
  send(...events: unknown[]): Promise<void>;
  posted(): Promise<unknown[]>;
  vscodeState(): Promise<unknown>;
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

/** A sidebar-sized viewport. */
export const SIDEBAR = { width: 380, height: 640 };

export async function openWebview(browser: Browser, harness: Harness, options: OpenOptions = {}): Promise<WebviewPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? SIDEBAR, colorScheme: isLightTheme(options.theme ?? 'dark') ? 'light' : 'dark' });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const consoleWarnings: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
    if (m.type() === 'warning') consoleWarnings.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  const query = new URLSearchParams({ theme: options.theme ?? 'dark', state: JSON.stringify(options.vscodeState ?? null) });
  await page.goto(`${harness.origin}/?${query.toString()}`);
  return {
    page,
    consoleErrors,
    consoleWarnings,
    dialogs,
    async send(...events) {
      await page.evaluate(async (evs) => {
        for (const e of evs) window.postMessage(e, '*');
        // Messages are delivered in order, so once this marker arrives every event above has been
        // handled.
        const marker = `__flush_${String(Math.random())}`;
        await new Promise<void>((resolve) => {
          const onMessage = (m: MessageEvent<unknown>) => {
            if (m.data !== marker) return;
            window.removeEventListener('message', onMessage);
            resolve();
          };
          window.addEventListener('message', onMessage);
          window.postMessage(marker, '*');
        });
        // Then wait for the DOM to settle: React commits in the next frame, and the virtualised list
        // measures and renders rows over several more. Settled = no mutation for QUIET_MS (at most 3 s).
        const QUIET_MS = 120;
        let last = performance.now();
        const observer = new MutationObserver(() => {
          last = performance.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const deadline = performance.now() + 3000;
        while (performance.now() - last < QUIET_MS && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        observer.disconnect();
      }, events);
    },
    posted: () => page.evaluate(() => (window as unknown as StubWindow).__posted),
    vscodeState: () => page.evaluate(() => (window as unknown as StubWindow).__vscodeState),
    cspViolations: () => page.evaluate(() => (window as unknown as StubWindow).__cspViolations),
    close: () => context.close(),
  };
}
