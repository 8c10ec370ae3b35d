/** What `McpOAuthProvider` tells the SDK's `auth()`: how to register, which tokens, and when it must stop. */
import { describe, expect, it } from 'vitest';
import { isMcpAuthRequired } from '../../../../../extension/core/engines/mcp/authError';
import { McpOAuthProvider, oauthStoreKey, type SecretStore } from '../../../../../extension/host/node/mcp/oauth';

const URL_ = 'https://mcp.example.com/mcp';
const KEY = oauthStoreKey('remote', URL_);

function store(initial: Record<string, unknown> = {}): SecretStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return { map, get: async (k) => map.get(k), store: async (k, v) => void map.set(k, v), delete: async (k) => void map.delete(k) };
}

const tokens = { access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' };
const asMetadata = (methods: string[]) => ({
  authorizationServerUrl: 'https://auth.example.com',
  authorizationServerMetadata: { issuer: 'https://auth.example.com', authorization_endpoint: 'https://auth.example.com/a', token_endpoint: 'https://auth.example.com/t', response_types_supported: ['code'], token_endpoint_auth_methods_supported: methods },
});

describe('host/node/mcp/oauth McpOAuthProvider', () => {
  it('stops where the user would have to act when it has no browser: no registration, no authorization page', async () => {
    const p = await McpOAuthProvider.load(store(), KEY, { serverUrl: URL_ });
    const refused = await p.clientInformation().catch((e: unknown) => e);
    expect(isMcpAuthRequired(refused)).toBe(true);
    await expect(p.redirectToAuthorization(new URL('https://auth.example.com/a'))).rejects.toThrow(`The MCP server at ${URL_} requires you to sign in (OAuth).`);
  });

  it("answers with the server's pre-registered client, keeps its secret out of the store, and names the callback port", async () => {
    const secrets = store();
    const p = await McpOAuthProvider.load(secrets, KEY, { serverUrl: URL_, config: { clientId: 'pre', clientSecret: 's3cret', callbackPort: 8765 } });
    expect(await p.clientInformation()).toEqual({ client_id: 'pre', client_secret: 's3cret' });
    await p.saveClientInformation({ client_id: 'pre', client_secret: 's3cret' });
    expect(secrets.map.size).toBe(0);
    expect(p.redirectUrl).toBe('http://127.0.0.1:8765/callback');
  });

  it('offers the client metadata document URL and registers as a public client unless the server lists only secrets', async () => {
    const p = await McpOAuthProvider.load(store(), KEY, { serverUrl: URL_, clientMetadataUrl: 'https://example.com/client.json' });
    expect(p.clientMetadataUrl).toBe('https://example.com/client.json');
    expect(p.clientMetadata.token_endpoint_auth_method).toBe('none');
    p.saveDiscoveryState(asMetadata(['client_secret_post', 'none']));
    expect(p.clientMetadata.token_endpoint_auth_method).toBe('none');
    p.saveDiscoveryState(asMetadata(['private_key_jwt', 'client_secret_post', 'client_secret_basic']));
    expect(p.clientMetadata.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(p.discoveryState()?.authorizationServerUrl).toBe('https://auth.example.com');
    await p.invalidateCredentials('discovery');
    expect(p.discoveryState()).toBeUndefined();
  });

  it('withholds the refresh token after a step-up challenge, so the larger scope is authorized, until new tokens come', async () => {
    const secrets = store({ [KEY]: { tokens } });
    const p = await McpOAuthProvider.load(secrets, KEY, { serverUrl: URL_ });
    expect(p.tokens()).toEqual(tokens);
    p.noteInsufficientScope();
    expect(p.tokens()).toEqual({ access_token: 'at', token_type: 'Bearer' });
    await p.saveTokens({ access_token: 'at2', token_type: 'Bearer', refresh_token: 'rt2' });
    expect(p.tokens()?.refresh_token).toBe('rt2');
    expect(JSON.parse(secrets.map.get(KEY)!)).toEqual({ tokens: { access_token: 'at2', token_type: 'Bearer', refresh_token: 'rt2' } });
  });
});
