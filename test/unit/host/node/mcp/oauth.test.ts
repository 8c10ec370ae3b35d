/**
 * The OAuth sign-in of a remote MCP server, end to end against the loopback authorization server of the
 * repo (test/fixtures/mcp/authServer.ts, in-process): the browser is a fetch that follows the authorization
 * redirects to the connector's loopback callback, as a user approving in the browser would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isMcpAuthRequired } from '../../../../../extension/core/engines/mcp/authError';
import { McpManager } from '../../../../../extension/core/engines/mcp/manager';
import type { McpServerEntry } from '../../../../../extension/core/contracts/mcp';
import { NodeMcpConnector } from '../../../../../extension/host/node/mcp/connector';
import { oauthStoreKey, type SecretStore } from '../../../../../extension/host/node/mcp/oauth';
import { startLoopbackCallback } from '../../../../../extension/host/node/mcp/loopback';
import { type AuthServer, startAuthServer } from '../../../../fixtures/mcp/authServer';

class MemorySecrets implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string) {
    return this.map.get(key);
  }
  async store(key: string, value: string) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function server(): Promise<AuthServer> {
  const s = await startAuthServer();
  cleanup.push(() => s.close());
  return s;
}

/** The user's browser: opens the page and follows its redirects (the approval, then the loopback callback). */
function browser() {
  const opened: string[] = [];
  const pages: { status: number; text: string }[] = [];
  const open = async (url: string) => {
    opened.push(url);
    // Not awaited by the SDK's flow on purpose: the browser runs beside it.
    void fetch(url).then(async (r) => void pages.push({ status: r.status, text: await r.text() }));
  };
  return { opened, pages, open };
}

function entry(url: string, name = 'remote'): McpServerEntry {
  return { name, scope: 'settings', config: { type: 'http', url, headers: {} } };
}

function connector(secrets: SecretStore, openBrowser: (url: string) => Promise<void> | void = () => {
  throw new Error('the browser must not open here');
}) {
  return new NodeMcpConnector({ connectTimeoutMs: 10_000, oauth: { store: secrets, openBrowser, callbackTimeoutMs: 10_000 } });
}

function storedTokens(secrets: MemorySecrets, url: string, name = 'remote'): { access_token: string; refresh_token?: string } | undefined {
  const raw = secrets.map.get(oauthStoreKey(name, url));
  return raw ? (JSON.parse(raw) as { tokens?: { access_token: string; refresh_token?: string } }).tokens : undefined;
}

describe('host/node/mcp/oauth', () => {
  it('needs auth on connect, signs in through the browser, stores the tokens, and a later connect is silent', async () => {
    const s = await server();
    const secrets = new MemorySecrets();
    const first = connector(secrets);
    const refused = await first.connect(entry(s.url)).catch((e: unknown) => e);
    expect(isMcpAuthRequired(refused)).toBe(true);
    expect((refused as Error).message).toContain(s.url);
    expect(s.stats.registrations).toBe(0);

    const b = browser();
    const c = await connector(secrets, b.open).authenticate(entry(s.url));
    cleanup.push(() => c.close());
    expect(b.opened).toHaveLength(1);
    const auth = new URL(b.opened[0]!);
    expect(auth.pathname).toBe('/authorize');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(await c.callTool('whoami', {})).toEqual({ content: [{ type: 'text', text: expect.stringMatching(/^client [0-9a-f-]{36}$/) }] });
    await expect.poll(() => b.pages[0]?.text).toContain('You can close this tab');
    const tokens = storedTokens(secrets, s.url);
    expect(tokens?.access_token).toMatch(/^at-/);
    expect(tokens?.refresh_token).toMatch(/^rt-/);
    expect(s.stats).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1, refreshes: 0 });

    const again = await connector(secrets).connect(entry(s.url));
    cleanup.push(() => again.close());
    expect((await again.listTools()).map((t) => t.name)).toEqual(['whoami']);
    expect(s.stats.authorizations).toBe(1);
  }, 30_000);

  it('runs under the manager: needsAuth, then authenticate connects and the tool is callable', async () => {
    const s = await server();
    const b = browser();
    const m = new McpManager({ connector: connector(new MemorySecrets(), b.open) });
    cleanup.push(() => m.dispose());
    m.setServers([entry(s.url)]);
    await expect.poll(() => m.servers()[0]?.status).toEqual({ state: 'needsAuth', url: s.url });
    expect(b.opened).toEqual([]);
    await m.authenticate('remote');
    expect(m.servers()[0]?.status).toEqual({ state: 'connected' });
    expect(b.opened).toHaveLength(1);
    expect((await m.callTool('remote', 'whoami', {})).content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^client /) });
  }, 30_000);

  /** Signed in once; returns the store with the tokens. */
  async function signedIn(s: AuthServer): Promise<MemorySecrets> {
    const secrets = new MemorySecrets();
    const c = await connector(secrets, browser().open).authenticate(entry(s.url));
    await c.close();
    return secrets;
  }

  it('refreshes an expired access token with the refresh token and stores the new one', async () => {
    const s = await server();
    const secrets = await signedIn(s);
    const before = storedTokens(secrets, s.url)!;
    s.expireAccessTokens();
    const c = await connector(secrets).connect(entry(s.url));
    cleanup.push(() => c.close());
    expect((await c.callTool('whoami', {})).content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^client /) });
    const after = storedTokens(secrets, s.url)!;
    expect(s.stats).toMatchObject({ refreshes: 1, authorizations: 1 });
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);

    // Mid-session too: the next call after the token expired refreshes and goes through.
    s.expireAccessTokens();
    expect((await c.callTool('whoami', {})).content[0]).toMatchObject({ type: 'text' });
    expect(s.stats.refreshes).toBe(2);
    expect(storedTokens(secrets, s.url)!.access_token).not.toBe(after.access_token);
  }, 30_000);

  it('does not send the tokens of a server to another URL or another server name', async () => {
    const s = await server();
    const secrets = await signedIn(s);
    const registrations = s.stats.registrations;
    const otherUrl = `${s.url}?tenant=2`;
    const refused = await connector(secrets).connect(entry(otherUrl)).catch((e: unknown) => e);
    expect(isMcpAuthRequired(refused)).toBe(true);
    const renamed = await connector(secrets).connect(entry(s.url, 'other')).catch((e: unknown) => e);
    expect(isMcpAuthRequired(renamed)).toBe(true);
    // Nothing was registered for them silently, and the first server's tokens are untouched.
    expect(s.stats.registrations).toBe(registrations);
    expect(storedTokens(secrets, otherUrl)).toBeUndefined();
    expect(storedTokens(secrets, s.url)?.access_token).toMatch(/^at-/);
  }, 30_000);

  it('signs in without a browser when the stored tokens still work', async () => {
    const s = await server();
    const secrets = await signedIn(s);
    const b = browser();
    const c = await connector(secrets, b.open).authenticate(entry(s.url));
    cleanup.push(() => c.close());
    expect(b.opened).toEqual([]);
    expect(s.stats.authorizations).toBe(1);
  }, 30_000);

  it('tells the user to configure a bearer header when a server answers 401 and nobody can sign in', async () => {
    const s = await server();
    const bare = new NodeMcpConnector({ connectTimeoutMs: 10_000 });
    const refused = await bare.connect(entry(s.url)).catch((e: unknown) => e);
    expect(isMcpAuthRequired(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/HTTP 401.*"Authorization": "Bearer <token>"/);
    await expect(bare.authenticate(entry(s.url))).rejects.toThrow(/not available here/);
  }, 30_000);
});

describe('host/node/mcp/loopback', () => {
  it('refuses a callback with the wrong state and takes the right one', async () => {
    const cb = await startLoopbackCallback({ state: 'expected', timeoutMs: 10_000 });
    expect(cb.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const wrong = await fetch(`${cb.redirectUrl}?code=stolen&state=other`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('does not belong');
    const right = await fetch(`${cb.redirectUrl}?code=good&state=expected`);
    expect(right.status).toBe(200);
    expect(await cb.code).toBe('good');
  });

  it("fails with the server's error, and times out with a clear message", async () => {
    const denied = await startLoopbackCallback({ state: 's', timeoutMs: 10_000 });
    await fetch(`${denied.redirectUrl}?error=access_denied&error_description=User%20said%20no&state=s`);
    await expect(denied.code).rejects.toThrow('The sign-in failed: access_denied (User said no)');
    const late = await startLoopbackCallback({ state: 's', timeoutMs: 50 });
    await expect(late.code).rejects.toThrow(/timed out after 0 s.*\/mcp panel/);
  });

  it('listens on the preferred port when it is free, else on another', async () => {
    const first = await startLoopbackCallback({ state: 's', timeoutMs: 10_000 });
    const port = Number(new URL(first.redirectUrl).port);
    const taken = await startLoopbackCallback({ state: 's', timeoutMs: 10_000, preferredPort: port });
    expect(Number(new URL(taken.redirectUrl).port)).not.toBe(port);
    first.close();
    taken.close();
    await expect(first.code).rejects.toThrow('cancelled');
    await new Promise((r) => setTimeout(r, 20));
    const again = await startLoopbackCallback({ state: 's', timeoutMs: 10_000, preferredPort: port });
    expect(Number(new URL(again.redirectUrl).port)).toBe(port);
    again.close();
  });
});
