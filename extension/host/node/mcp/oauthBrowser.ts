/**
 * The browser half of an OAuth sign-in to a remote MCP server (docs/ARCHITECTURE.md, MCP authentication),
 * run when the SDK's `auth()` reaches the authorization step: a loopback listener for the redirect
 * (loopback.ts), the authorization page opened in the browser, the code from the redirect exchanged for
 * tokens, all before `redirectToAuthorization` returns, so the request that needed it can be sent again.
 *
 * One sign-in at a time per server: requests that meet a 401 together (the lists after connecting) each run
 * `auth()`, and each saves a PKCE verifier and asks to open the browser. The first verifier saved while none
 * runs becomes the sign-in's; the others are dropped, and their requests wait for that sign-in instead of
 * opening a second page. The listener starts when `auth()` first asks for the client (before a registration
 * needs the redirect URL) and closes once no sign-in needs it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type LoopbackCallback, startLoopbackCallback } from './loopback';

export interface BrowserSignInOptions {
  /** Opens the authorization page (VS Code: `openExternal`; the CLI: `$BROWSER` or the system opener). */
  openBrowser(url: string): Promise<void> | void;
  /** How long a sign-in waits for the browser to come back. */
  timeoutMs: number;
  /** The server's `oauth.callbackPort`: listen there or fail (its redirect URI was registered with it). */
  fixedPort?: number;
  /** How to start over, in the loopback's pages and errors ("Start it again from the /mcp panel."). */
  retryHint?: string;
  /** Told of each sign-in that opens the browser, with its end (the CLI waits for it before the first turn). */
  onSignIn?(done: Promise<void>): void;
}

interface Flight {
  verifier: string;
  done: Promise<void>;
  settle(err?: unknown): void;
  owned: boolean;
}

export class BrowserSignIn {
  private callback: LoopbackCallback | undefined;
  private starting: Promise<{ callback: LoopbackCallback; state: string }> | undefined;
  private loopbackState = '';
  private flight: Flight | undefined;
  /** The sign-in each dropped verifier's request waits for, by its PKCE challenge. */
  private readonly waiting = new Map<string, Flight>();
  /** Sign-ins that opened the browser, and those that ended with new tokens (a request refused before may go again). */
  started = 0;
  completed = 0;
  private readonly listeners = new Set<(done: Promise<void>) => void>();

  constructor(private readonly options: BrowserSignInOptions) {}

  /** Listens for the redirect unless already listening; `preferredPort`: the port the client registered with. */
  async prepare(preferredPort?: number): Promise<void> {
    if (this.callback) return;
    this.starting ??= this.listen(this.options.fixedPort ?? preferredPort);
    const starting = this.starting;
    try {
      const { callback, state } = await starting;
      // Disposed meanwhile, or another caller already took it: nothing may stay listening.
      if (this.starting !== starting || this.callback) {
        if (this.callback !== callback) callback.close();
        return;
      }
      this.callback = callback;
      this.loopbackState = state;
    } finally {
      if (this.starting === starting) this.starting = undefined;
    }
  }

  private async listen(port: number | undefined): Promise<{ callback: LoopbackCallback; state: string }> {
    const state = randomBytes(16).toString('hex');
    const callback = await startLoopbackCallback({ state, timeoutMs: this.options.timeoutMs, ...(port ? { preferredPort: port } : {}), ...(this.options.retryHint ? { retryHint: this.options.retryHint } : {}) });
    if (this.options.fixedPort && portOf(callback.redirectUrl) !== this.options.fixedPort) {
      callback.close();
      throw new Error(`The OAuth callback port ${this.options.fixedPort} (the server's "oauth.callbackPort") is in use: close what listens there and sign in again.`);
    }
    return { callback, state };
  }

  /** `http://127.0.0.1:<port>/callback` while listening. */
  get redirectUrl(): string | undefined {
    return this.callback?.redirectUrl;
  }

  get state(): string | undefined {
    return this.callback ? this.loopbackState : undefined;
  }

  /** The verifier of the sign-in that runs (or is about to), for the code exchange. */
  get verifier(): string | undefined {
    return this.flight?.verifier;
  }

  /** True when `verifier` becomes the next sign-in's; false while another one runs (it is dropped, its request waits for that one). */
  claim(verifier: string): boolean {
    if (this.flight) {
      this.waiting.set(challengeOf(verifier), this.flight);
      return false;
    }
    let settle: Flight['settle'] = () => {};
    const done = new Promise<void>((resolve, reject) => (settle = (err) => (err === undefined ? resolve() : reject(err))));
    done.catch(() => {});
    this.flight = { verifier, done, settle, owned: false };
    return true;
  }

  /**
   * Opens `url` and waits for the redirect, then `exchange`s the code for tokens; a request whose verifier
   * was dropped waits for the sign-in that runs instead.
   */
  async authorize(url: URL, exchange: (code: string) => Promise<void>): Promise<void> {
    const challenge = url.searchParams.get('code_challenge') ?? '';
    const other = this.waiting.get(challenge);
    if (other) {
      this.waiting.delete(challenge);
      return other.done;
    }
    const flight = this.flight;
    if (!flight || flight.owned || challenge !== challengeOf(flight.verifier)) throw new Error('The sign-in was not prepared: start it again.');
    flight.owned = true;
    this.started++;
    this.options.onSignIn?.(flight.done);
    for (const l of [...this.listeners]) l(flight.done);
    const callback = this.callback;
    try {
      if (!callback) throw new Error('The sign-in is not listening for the browser: try again.');
      await this.options.openBrowser(url.href);
      await exchange(await callback.code);
      this.completed++;
      flight.settle();
    } catch (err) {
      flight.settle(err);
      throw err;
    } finally {
      if (this.flight === flight) this.flight = undefined;
      this.closeLoopback();
    }
  }

  /** How long a sign-in waits for the browser. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Each sign-in that opens the browser, with its end (the connect timeout pauses meanwhile); returns the unsubscribe. */
  onSignIn(listener: (done: Promise<void>) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stops listening when no sign-in needs the listener (after a request, or tokens refreshed without one). */
  release(): void {
    if (!this.flight && !this.starting) this.closeLoopback();
  }

  /** The connection closed: any sign-in still waiting fails. */
  dispose(): void {
    this.flight?.settle(new Error('The sign-in was cancelled: the connection closed.'));
    this.flight = undefined;
    this.waiting.clear();
    this.starting = undefined;
    this.closeLoopback();
  }

  private closeLoopback(): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.close();
  }
}

/** PKCE S256 (RFC 7636): the challenge the SDK sent for `verifier`. */
function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function portOf(url: string): number | undefined {
  try {
    const port = Number(new URL(url).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}
