/**
 * The OAuth sign-in of a remote MCP server, end to end against the loopback authorization server of the
 * repo (test/fixtures/mcp/authServer.ts, in-process): the browser is a fetch that follows the authorization
 * redirects to the connector's loopback callback, as a user approving in the browser would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isMcpAuthRequired } from '../../../../../extension/core/mcp/authError';
import type { McpServerEntry } from '../../../../../extension/core/mcp/types';
import { NodeMcpConnector } from '../../../../../extension/host/node/mcp/connector';
import { oauthStoreKey, type SecretStore } from '../../../../../extension/host/node/mcp/oauth';
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
});
