/**
 * The SDK's `OAuthClientProvider` for one remote MCP server (docs/ARCHITECTURE.md, MCP authentication). The
 * SDK's `auth()` does the protocol: discovery (RFC 9728 resource metadata, RFC 8414 / OIDC authorization
 * server metadata, the 2025-03-26 fallbacks), registration, PKCE, the scope rules, refresh. This provider
 * keeps what it needs through a `SecretStore` (VS Code: SecretStorage; the CLI: a user-only file) under a key
 * of the server's name and URL, so a server moved to another URL never gets the old one's tokens, and says
 * how this client registers: a client ID metadata document when the host has one (`clientMetadataUrl`) and the
 * server takes it, else the server's pre-registered `oauth.clientId` / `clientSecret`, else dynamic
 * registration with the token endpoint authentication the server supports.
 *
 * Without a `browser` it is "silent": stored tokens are sent and refreshed, but where the user would have to
 * act (a first registration, the browser) it throws `McpAuthRequiredError`. With one (oauthBrowser.ts) the
 * sign-in runs inside the request that needed it; `bindTransport` gives it the transport that exchanges the code.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { McpAuthRequiredError } from '../../../core/engines/mcp/authError';
import type { McpOAuthConfig } from '../../../core/contracts/mcp';
import { type BrowserSignIn, portOf } from './oauthBrowser';

/** Secrets by key (VS Code's `context.secrets`; the CLI's file, oauthFileStore.ts; a Map in tests). */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface McpOAuthProviderOptions {
  serverUrl: string;
  clientName?: string;
  /** An https URL of this client's metadata document (client ID metadata documents), used where the server takes them. */
  clientMetadataUrl?: string;
  /** The server's `oauth` entry: a pre-registered client, a fixed callback port. */
  config?: McpOAuthConfig;
  /** Present: the sign-in may open the browser. */
  browser?: BrowserSignIn;
}

/** Kept as received (the SDK stamps `issuer` on them and checks it when reading back). */
const StoredSchema = z.object({
  client: z.looseObject({ client_id: z.string() }).optional(),
  tokens: z.looseObject({ access_token: z.string(), token_type: z.string() }).optional(),
});
type Stored = { client?: OAuthClientInformationMixed; tokens?: OAuthTokens };

/** Where a server's OAuth state lives: the name and the normalised URL. */
export function oauthStoreKey(server: string, url: string): string {
  let href = url;
  try {
    href = new URL(url).href;
  } catch {
    // An invalid URL fails to connect anyway; the raw text still keys it apart from others.
  }
  return `codewright.mcp.oauth/${server}/${href}`;
}

/** Used when nothing better is known; a sign-in always has its own loopback URL. */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

/** The token endpoint authentication dynamic registration asks for: a public client where the server takes one, else a secret. */
const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;

export class McpOAuthProvider implements OAuthClientProvider {
  /** Reads the stored state once, so the SDK's synchronous getters can answer from memory. */
  static async load(store: SecretStore, key: string, options: McpOAuthProviderOptions): Promise<McpOAuthProvider> {
    const raw = await store.get(key);
    let stored: Stored = {};
    if (raw) {
      try {
        const parsed = StoredSchema.safeParse(JSON.parse(raw));
        // Unreadable state is as good as none: the user signs in again.
        if (parsed.success) stored = parsed.data as Stored;
      } catch {
        // Not JSON: the same.
      }
    }
    return new McpOAuthProvider(store, key, stored, options);
  }

  private writes: Promise<void> = Promise.resolve();
  /** Discovery of this connection, reused by the code exchange and later sign-ins (not stored: metadata can change). */
  private discovery: OAuthDiscoveryState | undefined;
  private exchange: ((code: string) => Promise<void>) | undefined;
  /** The server asked for a larger scope (403 `insufficient_scope`): refreshing would keep the old one. */
  private stepUp = false;

  private constructor(
    private readonly store: SecretStore,
    private readonly key: string,
    private stored: Stored,
    private readonly options: McpOAuthProviderOptions,
  ) {}

  /** The sign-in of this provider, if it may open the browser. */
  get browser(): BrowserSignIn | undefined {
    return this.options.browser;
  }

  /** The transport whose `finishAuth` exchanges the code (it knows the scope and metadata URL the server asked with). */
  bindTransport(transport: { finishAuth(code: string): Promise<void> }): void {
    this.exchange = (code) => transport.finishAuth(code);
  }

  /** The loopback redirect this client registered with, so a sign-in can listen there again. */
  registeredRedirectUrl(): string | undefined {
    const uris = (this.stored.client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    return Array.isArray(uris) && typeof uris[0] === 'string' ? uris[0] : undefined;
  }

  get redirectUrl(): string {
    const fixed = this.options.config?.callbackPort;
    return this.options.browser?.redirectUrl ?? this.registeredRedirectUrl() ?? (fixed ? `http://127.0.0.1:${fixed}/callback` : PLACEHOLDER_REDIRECT);
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Codewright',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.authMethod(),
    };
  }

  state(): string {
    return this.options.browser?.state ?? randomBytes(16).toString('hex');
  }

  /** The first call of every `auth()`: a browser sign-in starts listening here, before a registration needs the redirect URL. */
  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const browser = this.options.browser;
    const registered = this.registeredRedirectUrl();
    if (browser) await browser.prepare(registered ? portOf(registered) : undefined);
    const preset = this.preRegistered();
    if (preset) return preset;
    const client = this.stored.client;
    // Nothing registered yet: the SDK would register next, on the way to the browser. Without one, stop
    // before that (no stray registrations on every connect).
    if (!client && !browser) throw this.required();
    // Registered for another loopback port (the old one was taken): register again rather than be refused.
    if (client && browser?.redirectUrl && registered && registered !== browser.redirectUrl) return undefined;
    return client;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    // A pre-registered client lives in the config; only the SDK's issuer stamp would be stored.
    if (this.preRegistered()) return;
    await this.update({ client: info });
  }

  /**
   * A 403 `insufficient_scope` came back (the transport's fetch saw it): the next `auth()` must authorize
   * with the larger scope, so it is not offered the refresh token (a refresh keeps the scope the tokens have).
   */
  noteInsufficientScope(): void {
    this.stepUp = true;
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.stored.tokens;
    if (!this.stepUp || !tokens?.refresh_token) return tokens;
    const { refresh_token: _unused, ...rest } = tokens;
    return rest;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stepUp = false;
    await this.update({ tokens });
    // Refreshed without the browser: nothing needs the listener any more.
    this.options.browser?.release();
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const browser = this.options.browser;
    if (!browser) throw this.required();
    const exchange = this.exchange;
    if (!exchange) {
      // A sign-in claimed by this request must not hold up the next ones.
      browser.dispose();
      throw new Error('The OAuth sign-in has no transport to finish it on (bindTransport).');
    }
    await browser.authorize(url, exchange);
  }

  saveCodeVerifier(verifier: string): void {
    this.options.browser?.claim(verifier);
  }

  codeVerifier(): string {
    const verifier = this.options.browser?.verifier;
    if (!verifier) throw new Error('No PKCE code verifier: start the sign-in again.');
    return verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope === 'verifier' || scope === 'discovery') return;
    const next = { ...this.stored };
    if (scope === 'all' || scope === 'client') delete next.client;
    if (scope === 'all' || scope === 'tokens') delete next.tokens;
    this.stored = next;
    await this.persist();
  }

  private preRegistered(): OAuthClientInformationMixed | undefined {
    const config = this.options.config;
    if (!config?.clientId) return undefined;
    return { client_id: config.clientId, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}) };
  }

  /** `none` (a public client with PKCE) where the server takes it, else what it lists. */
  private authMethod(): string {
    const listed = this.discovery?.authorizationServerMetadata?.token_endpoint_auth_methods_supported;
    if (!listed?.length) return 'none';
    return AUTH_METHODS.find((m) => listed.includes(m)) ?? 'none';
  }

  private required(): McpAuthRequiredError {
    return new McpAuthRequiredError(`The MCP server at ${this.options.serverUrl} requires you to sign in (OAuth).`, this.options.serverUrl);
  }

  private async update(patch: Stored): Promise<void> {
    this.stored = { ...this.stored, ...patch };
    await this.persist();
  }

  /** Writes in order, each the whole state as it is then. */
  private persist(): Promise<void> {
    const write = this.writes.then(() => (Object.keys(this.stored).length ? this.store.store(this.key, JSON.stringify(this.stored)) : this.store.delete(this.key)));
    this.writes = write.catch(() => {});
    return write;
  }
}
