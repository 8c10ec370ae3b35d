/**
 * OAuth for the connector's remote servers (docs/ARCHITECTURE.md, MCP authentication): which provider a
 * connection gets. A plain connect in VS Code is silent (stored tokens used and refreshed, nothing
 * interactive: a server that wants a sign-in is `needsAuth` until the user asks); `authenticate` (the /mcp
 * panel's Authenticate, `codewright mcp login`) and every connect of a host that sets `interactive` (the CLI
 * where a browser can be opened) get a browser sign-in, which runs inside the request that needs it
 * (oauthBrowser.ts, oauthRetry.ts) and stays with the connection, so a later step-up to a larger scope signs
 * in again the same way.
 */
import type { McpOAuthConfig } from '../../../core/contracts/mcp';
import { McpOAuthProvider, oauthStoreKey, type SecretStore } from './oauth';
import { BrowserSignIn } from './oauthBrowser';

/** OAuth for the connector's remote servers. */
export interface McpOAuthOptions {
  store: SecretStore;
  /** Opens the authorization page in the user's browser (VS Code: `vscode.env.openExternal`); `server` names who asks. */
  openBrowser(url: string, server: string): Promise<void> | void;
  /** The client name shown on the server's consent page. */
  clientName?: string;
  /** How long a sign-in waits for the browser to come back (5 minutes by default). */
  callbackTimeoutMs?: number;
  /** An https URL of this client's metadata document, for servers that take client ID metadata documents. */
  clientMetadataUrl?: string;
  /** Every connect may open the browser when a server asks for a sign-in (the CLI); otherwise only `authenticate`. */
  interactive?: boolean;
  /** How to start a sign-in over, for the loopback's pages and errors (the CLI: `codewright mcp login <name>`). */
  retryHint?(server: string): string;
  /** Told when a sign-in opens the browser, with its end. */
  onSignIn?(server: string, done: Promise<void>): void;
}

export interface RemoteServer {
  name: string;
  url: string;
  oauth?: McpOAuthConfig;
}

const DEFAULT_CALLBACK_TIMEOUT_MS = 5 * 60_000;

/** The provider of one connection to `server`; with `browser`, it may sign in through the browser. */
export function oauthProvider(oauth: McpOAuthOptions, server: RemoteServer, browser: boolean): Promise<McpOAuthProvider> {
  const retryHint = oauth.retryHint?.(server.name);
  const signIn = browser
    ? new BrowserSignIn({
        openBrowser: (url) => oauth.openBrowser(url, server.name),
        timeoutMs: oauth.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS,
        ...(server.oauth?.callbackPort ? { fixedPort: server.oauth.callbackPort } : {}),
        ...(retryHint ? { retryHint } : {}),
        ...(oauth.onSignIn ? { onSignIn: (done: Promise<void>) => oauth.onSignIn?.(server.name, done) } : {}),
      })
    : undefined;
  return McpOAuthProvider.load(oauth.store, oauthStoreKey(server.name, server.url), {
    serverUrl: server.url,
    ...(oauth.clientName ? { clientName: oauth.clientName } : {}),
    ...(oauth.clientMetadataUrl ? { clientMetadataUrl: oauth.clientMetadataUrl } : {}),
    ...(server.oauth ? { config: server.oauth } : {}),
    ...(signIn ? { browser: signIn } : {}),
  });
}
