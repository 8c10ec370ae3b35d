import { describe, expect, it } from 'vitest';
import { parseMcpSource } from '../../../../extension/core/engines/mcp/config';

const parse = (servers: Record<string, unknown>, env: Record<string, string> = {}) =>
  parseMcpSource({ scope: 'project', path: '/w/.mcp.json', text: JSON.stringify({ mcpServers: servers }, null, 2) }, env);

describe('core/engines/mcp/config oauth', () => {
  it("reads a remote server's pre-registered client as Claude Code writes it, with variables expanded and other keys ignored", () => {
    const result = parse(
      { github: { type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'cw-${ORG}', clientSecret: '${SECRET}', callbackPort: 8765, scopes: 'repo', authServerMetadataUrl: 'https://x' } } },
      { ORG: 'acme', SECRET: 's3cret' },
    );
    expect(result.problems).toEqual([]);
    expect(result.entries[0]?.config).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp', headers: {}, oauth: { clientId: 'cw-acme', clientSecret: 's3cret', callbackPort: 8765 } });
  });

  it('skips a server whose oauth entry is wrong or names an unset variable, saying where', () => {
    const result = parse({ a: { type: 'http', url: 'https://a/mcp', oauth: { callbackPort: 70000 } }, b: { type: 'sse', url: 'https://b/sse', oauth: { clientSecret: '${NOPE}' } }, c: { url: 'https://c/mcp' } });
    expect(result.entries.map((e) => e.name)).toEqual(['c']);
    expect(result.problems.map((p) => p.message)).toEqual([expect.stringMatching(/"a" skipped \(oauth\.callbackPort\)/), expect.stringMatching(/"b" skipped: environment variable \$\{NOPE\} not set/)]);
    expect(result.problems.map((p) => p.line)).toEqual([7, 14]);
  });
});
