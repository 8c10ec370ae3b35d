/**
 * The SDK's HTTP transports with a browser sign-in (docs/ARCHITECTURE.md, MCP authentication): when a
 * request meets a 401, or a 403 `insufficient_scope` (step-up), the transport runs `auth()`, which with a
 * `BrowserSignIn` signs in right there (oauthBrowser.ts) and still answers "redirect", so the SDK fails the
 * request. This wrapper sends it again once a sign-in completed meanwhile, up to `MAX_SIGN_INS` times per
 * request: a server that keeps refusing new tokens (the same scope challenge again and again) ends in an
 * error instead of a loop of browser pages. Everything else passes through.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserSignIn } from './oauthBrowser';

/** A transport that can finish the sign-in (both SDK HTTP transports can). */
export type AuthTransport = Transport & { finishAuth(code: string): Promise<void> };

/** A 401 then a step-up 403 is two; a third in one request means the server will not take what it gets. */
export const MAX_SIGN_INS = 2;

export class SignInRetryTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private sending = 0;

  constructor(
    private readonly inner: AuthTransport,
    private readonly browser: BrowserSignIn,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.sending++;
    try {
      for (let signIns = 0; ; signIns++) {
        const before = this.browser.completed;
        try {
          return await this.inner.send(message, options);
        } catch (err) {
          const signedIn = err instanceof UnauthorizedError && this.browser.completed > before;
          if (!signedIn || signIns >= MAX_SIGN_INS) throw err;
        }
      }
    } finally {
      // The last request out lets the redirect listener go when no sign-in holds it.
      if (--this.sending === 0) this.browser.release();
    }
  }

  finishAuth(code: string): Promise<void> {
    return this.inner.finishAuth(code);
  }

  async close(): Promise<void> {
    this.browser.dispose();
    await this.inner.close();
  }
}
