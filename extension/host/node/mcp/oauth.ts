/**
 * The SDK's `OAuthClientProvider` for one remote MCP server (docs/ARCHITECTURE.md, MCP authentication): the
 * dynamic client registration, the PKCE code verifier and the tokens, kept through a `SecretStore` (VS Code:
 * SecretStorage) under a key of the server's name and URL, so a server moved to another URL never gets the
 * old one's tokens. Without a sign-in session it is "silent": stored tokens are sent and refreshed (the SDK's
 * `auth()` does that on a 401), but where the user would have to act — a first registration or opening the
 * browser — it throws `McpAuthRequiredError` instead. A sign-in session (oauthFlow.ts) adds the loopback
 * redirect URL, the `state` and the browser.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod';
import { McpAuthRequiredError } from '../../../core/engines/mcp/authError';

/** Secrets by key (VS Code's `context.secrets`; a Map in tests). */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** What a sign-in adds to the provider: where the browser comes back to, the expected `state`, the browser. */
export interface OAuthSignIn {
  redirectUrl: string;
  state: string;
  openBrowser(url: string): Promise<void> | void;
}

/** Kept as received (the SDK stamps `issuer` on them and checks it when reading back). */
const StoredSchema = z.object({
  client: z.looseObject({ client_id: z.string() }).optional(),
  tokens: z.looseObject({ access_token: z.string(), token_type: z.string() }).optional(),
  verifier: z.string().optional(),
});
type Stored = { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string };

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

export class McpOAuthProvider implements OAuthClientProvider {
  /** Reads the stored state once, so the SDK's synchronous getters can answer from memory. */
  static async load(store: SecretStore, key: string, options: { serverUrl: string; clientName?: string; signIn?: OAuthSignIn }): Promise<McpOAuthProvider> {
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

  private constructor(
    private readonly store: SecretStore,
    private readonly key: string,
    private stored: Stored,
    private readonly options: { serverUrl: string; clientName?: string; signIn?: OAuthSignIn },
  ) {}

  /** The port of the loopback redirect this client registered with, so a sign-in can listen there again. */
  registeredRedirectUrl(): string | undefined {
    const uris = (this.stored.client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    return Array.isArray(uris) && typeof uris[0] === 'string' ? uris[0] : undefined;
  }

  get redirectUrl(): string {
    return this.options.signIn?.redirectUrl ?? this.registeredRedirectUrl() ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Codewright',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.options.signIn?.state ?? randomBytes(16).toString('hex');
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.stored.client;
    const signIn = this.options.signIn;
    // Nothing registered yet: the SDK would register next, on the way to the browser. Without a sign-in,
    // stop before that (no stray registrations on every connect).
    if (!client && !signIn) throw this.required();
    // Registered for another loopback port (the old one was taken): register again rather than be refused.
    const registered = this.registeredRedirectUrl();
    if (client && signIn && registered && registered !== signIn.redirectUrl) return undefined;
    return client;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    await this.update({ client: info });
  }

  tokens(): OAuthTokens | undefined {
    return this.stored.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update({ tokens });
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const signIn = this.options.signIn;
    if (!signIn) throw this.required();
    await signIn.openBrowser(url.href);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    if (this.options.signIn) await this.update({ verifier });
  }

  codeVerifier(): string {
    if (!this.stored.verifier) throw new Error('No PKCE code verifier is stored: start the sign-in again.');
    return this.stored.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const next = { ...this.stored };
    if (scope === 'all' || scope === 'client') delete next.client;
    if (scope === 'all' || scope === 'tokens') delete next.tokens;
    if (scope === 'all' || scope === 'verifier') delete next.verifier;
    this.stored = next;
    await this.persist();
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
