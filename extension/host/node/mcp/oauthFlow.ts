/**
 * The interactive OAuth sign-in of a remote MCP server (docs/ARCHITECTURE.md, MCP authentication), started
 * by the user (the /mcp panel's Authenticate), never by a plain connect: a loopback listener for the redirect,
 * a first connect that lets the SDK discover the authorization server, register the client and open the
 * browser (or succeed right away when the stored tokens still work or refresh), then the code from the
 * redirect exchanged with `transport.finishAuth` and the tokens stored. The caller connects again after it.
 */
import { randomBytes } from 'node:crypto';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpConnection } from '../../../core/contracts/mcp';
import { startLoopbackCallback } from './loopback';
import { McpOAuthProvider, oauthStoreKey, type SecretStore } from './oauth';

/** OAuth for the connector's remote servers. */
export interface McpOAuthOptions {
  store: SecretStore;
  /** Opens the authorization page in the user's browser (VS Code: `vscode.env.openExternal`). */
  openBrowser(url: string): Promise<void> | void;
  /** The client name shown on the server's consent page. */
  clientName?: string;
  /** How long a sign-in waits for the browser to come back (5 minutes by default). */
  callbackTimeoutMs?: number;
}

/** A transport that can finish the sign-in (both SDK HTTP transports can). */
export type AuthTransport = Transport & { finishAuth(code: string): Promise<void> };

export interface SignInSteps {
  /** A transport to the server, authorizing through `provider`. */
  transport(provider: McpOAuthProvider): AuthTransport;
  /** The MCP handshake on a transport (closes it on failure). */
  open(transport: AuthTransport): Promise<McpConnection>;
}

/** The provider of a plain (silent) connect: stored tokens are used and refreshed, nothing interactive. */
export function silentProvider(oauth: McpOAuthOptions, server: string, url: string): Promise<McpOAuthProvider> {
  return McpOAuthProvider.load(oauth.store, oauthStoreKey(server, url), { serverUrl: url, ...(oauth.clientName ? { clientName: oauth.clientName } : {}) });
}

/**
 * Signs in to `url`; resolves with a connection when the stored tokens already work, else with `undefined`
 * once the new tokens are stored (the caller connects as usual then).
 */
export async function signIn(oauth: McpOAuthOptions, server: string, url: string, steps: SignInSteps, signal?: AbortSignal): Promise<McpConnection | undefined> {
  const known = await silentProvider(oauth, server, url);
  const registered = known.registeredRedirectUrl();
  const state = randomBytes(16).toString('hex');
  const callback = await startLoopbackCallback({
    state,
    timeoutMs: oauth.callbackTimeoutMs ?? 5 * 60_000,
    ...(registered ? { preferredPort: portOf(registered) } : {}),
    ...(signal ? { signal } : {}),
  });
  try {
    const provider = await McpOAuthProvider.load(oauth.store, oauthStoreKey(server, url), {
      serverUrl: url,
      ...(oauth.clientName ? { clientName: oauth.clientName } : {}),
      signIn: { redirectUrl: callback.redirectUrl, state, openBrowser: (u) => oauth.openBrowser(u) },
    });
    const first = steps.transport(provider);
    try {
      return await steps.open(first);
    } catch (err) {
      // UnauthorizedError: the browser was opened; anything else is a real failure.
      if (!(err instanceof UnauthorizedError)) throw err;
    }
    const code = await callback.code;
    await first.finishAuth(code);
    return undefined;
  } finally {
    callback.close();
  }
}

function portOf(url: string): number | undefined {
  try {
    const port = Number(new URL(url).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}
