import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BrowserSignIn } from '../../../../../extension/host/node/mcp/oauthBrowser';

/** The authorization URL the SDK would build for `verifier`. */
function authorizationUrl(verifier: string): URL {
  const url = new URL('http://127.0.0.1:1/authorize');
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  return url;
}

/** A browser that approves at once: it comes back to the loopback with a code and the sign-in's state. */
function approvingBrowser(signIn: () => BrowserSignIn, opened: string[]) {
  return async (url: string) => {
    opened.push(url);
    const s = signIn();
    void fetch(`${s.redirectUrl}?code=code-${opened.length}&state=${s.state}`);
  };
}

describe('host/node/mcp/oauthBrowser', () => {
  it('opens the browser once for requests that need a sign-in together; the others wait for it', async () => {
    const opened: string[] = [];
    const exchanged: string[] = [];
    const signIn: BrowserSignIn = new BrowserSignIn({ openBrowser: approvingBrowser(() => signIn, opened), timeoutMs: 10_000 });
    await signIn.prepare();
    expect(signIn.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // Both requests' auth() save a verifier; the first is the sign-in's, the second is dropped.
    expect(signIn.claim('verifier-one')).toBe(true);
    expect(signIn.claim('verifier-two')).toBe(false);
    expect(signIn.verifier).toBe('verifier-one');
    const exchange = async (code: string) => void exchanged.push(`${code} with ${signIn.verifier}`);
    const [a, b] = await Promise.allSettled([signIn.authorize(authorizationUrl('verifier-one'), exchange), signIn.authorize(authorizationUrl('verifier-two'), exchange)]);
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(opened).toHaveLength(1);
    expect(exchanged).toEqual(['code-1 with verifier-one']);
    expect(signIn.completed).toBe(1);
    // Done: the listener is gone, and the next sign-in starts afresh.
    expect(signIn.redirectUrl).toBeUndefined();
    expect(signIn.claim('verifier-three')).toBe(true);
  });

  it('lets a request whose verifier was dropped go on when the sign-in it waited for already ended, and refuses an unknown one', async () => {
    const opened: string[] = [];
    const signIn: BrowserSignIn = new BrowserSignIn({ openBrowser: approvingBrowser(() => signIn, opened), timeoutMs: 10_000 });
    await signIn.prepare();
    signIn.claim('first');
    signIn.claim('late');
    await signIn.authorize(authorizationUrl('first'), async () => {});
    await expect(signIn.authorize(authorizationUrl('late'), async () => {})).resolves.toBeUndefined();
    await expect(signIn.authorize(authorizationUrl('never-claimed'), async () => {})).rejects.toThrow('The sign-in was not prepared');
    expect(opened).toHaveLength(1);
  });

  it('fails the waiting requests with the sign-in when the browser does not come back', async () => {
    const signIn = new BrowserSignIn({ openBrowser: () => {}, timeoutMs: 200, retryHint: 'Run `codewright mcp login x` to try again.' });
    await signIn.prepare();
    signIn.claim('v');
    signIn.claim('w');
    const waiting = signIn.authorize(authorizationUrl('w'), async () => {});
    await expect(signIn.authorize(authorizationUrl('v'), async () => {})).rejects.toThrow(/timed out after 0 s .*codewright mcp login x/);
    await expect(waiting).rejects.toThrow(/timed out/);
    expect(signIn.completed).toBe(0);
  });

  it('lets the listener go when no sign-in needs it, and refuses a taken callbackPort', async () => {
    const signIn = new BrowserSignIn({ openBrowser: () => {}, timeoutMs: 10_000 });
    await signIn.prepare();
    const port = Number(new URL(signIn.redirectUrl!).port);
    const fixed = new BrowserSignIn({ openBrowser: () => {}, timeoutMs: 10_000, fixedPort: port });
    await expect(fixed.prepare()).rejects.toThrow(`The OAuth callback port ${port} (the server's "oauth.callbackPort") is in use`);
    signIn.release();
    expect(signIn.redirectUrl).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    await fixed.prepare();
    expect(fixed.redirectUrl).toBe(`http://127.0.0.1:${port}/callback`);
    fixed.dispose();
  });
});
