/** `@server:uri` mentions (chat/mentionResources.ts): a resource of an MCP server attached to the prompt. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entriesFromHistory } from '../../../extension/conversation/history';
import { resourceTarget } from '../../../extension/conversation/mentionResources';
import { buildUserPrompt } from '../../../extension/conversation/userPrompt';
import type { MentionAccess } from '../../../extension/conversation/mentionFiles';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { fakeHub } from '../core/mcp/fakeHub';
import { sequentialIds } from '../support';

const hub = fakeHub([
  {
    name: 'docs',
    contents: {
      'memo://greeting': [{ uri: 'memo://greeting', mimeType: 'text/plain', text: 'Hello <world> & co' }],
      'img://logo': [{ uri: 'img://logo', mimeType: 'image/png', blob: 'AAAA' }],
    },
  },
  { name: 'docs-v2', contents: { 'memo://x': [{ uri: 'memo://x', text: 'v2' }] } },
  { name: 'down', state: 'failed' },
]);

function access(withHub = true): MentionAccess {
  const cwd = mkdtempSync(path.join(tmpdir(), 'cw-mention-'));
  return { workspace: new NodeWorkspace([cwd]), cwd, refusal: async () => undefined, ...(withHub ? { mcp: hub } : {}) };
}

describe('chat/mentionResources', () => {
  it('reads server:uri only for a server the hub knows, the longest name first', () => {
    expect(resourceTarget('docs:memo://greeting', hub)).toEqual({ server: 'docs', uri: 'memo://greeting' });
    expect(resourceTarget('docs-v2:memo://x', hub)).toEqual({ server: 'docs-v2', uri: 'memo://x' });
    expect(resourceTarget('C:/src/a.ts', hub)).toBeUndefined();
    expect(resourceTarget('docs:', hub)).toBeUndefined();
    expect(resourceTarget('docs:memo://greeting', undefined)).toBeUndefined();
  });

  it('attaches the resource text before the prompt, with a chip naming it', async () => {
    const prompt = await buildUserPrompt('Summarise @docs:memo://greeting.', [], access());
    expect(prompt.content).toEqual([
      { type: 'text', text: '<mcp-resource server="docs" uri="memo://greeting">\n<resource uri="memo://greeting" mimeType="text/plain">\nHello <world> & co\n</resource>\n</mcp-resource>' },
      { type: 'text', text: 'Summarise @docs:memo://greeting.' },
    ]);
    expect(prompt.attachments).toEqual([{ kind: 'file', path: 'docs:memo://greeting' }]);
  });

  it('leaves a resource that cannot be read as plain text, with a warning on its chip', async () => {
    const unknown = await buildUserPrompt('@docs:memo://nope', [], access());
    expect(unknown.content).toBe('@docs:memo://nope');
    expect(unknown.attachments).toEqual([{ kind: 'file', path: 'docs:memo://nope', warning: 'Could not be read: Resource memo://nope not found' }]);
    const down = await buildUserPrompt('@down:memo://a', [], access());
    expect(down.attachments[0]).toMatchObject({ warning: 'The MCP server down is not connected; not attached.' });
    const image = await buildUserPrompt('@docs:img://logo', [], access());
    expect(JSON.stringify(image.content)).toContain('[Image img://logo; not attached]');
  });

  it('without a hub, server:uri is a file mention like any other', async () => {
    const prompt = await buildUserPrompt('@docs:memo://greeting', [], access(false));
    expect(prompt.attachments).toEqual([expect.objectContaining({ kind: 'file', warning: expect.stringContaining('Not found') })]);
  });

  it('a resumed chat shows the chip instead of the resource text', async () => {
    const prompt = await buildUserPrompt('Summarise @docs:memo://greeting', [], access());
    const entries = entriesFromHistory([{ role: 'user', content: prompt.content }], sequentialIds('r'));
    expect(entries[0]).toMatchObject({ role: 'user', text: 'Summarise @docs:memo://greeting', attachments: [{ kind: 'file', path: 'docs:memo://greeting' }] });
  });
});
