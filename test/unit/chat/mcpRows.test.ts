/** MCP tool rows in the chat (conversation/turnView.ts): the title the server gave as the row's label, and its progress on the running row. */
import { describe, expect, it } from 'vitest';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { parseHostToWebview, type HostToWebview } from '../../../extension/protocol/messages';
import { fakeHub, tool } from '../core/mcp/fakeHub';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';
import { BlockModel } from './blockModel';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

function make() {
  const hub = fakeHub([
    {
      name: 'notes',
      tools: [tool('reindex', { annotations: { title: 'Rebuild the index' } }), tool('plain')],
      results: {
        reindex: (_args, onProgress) => {
          onProgress?.({ progress: 1, total: 2, message: 'Indexing' });
          onProgress?.({ progress: 2, total: 2, message: 'Indexing' });
          return { content: [{ type: 'text', text: 'reindexed' }] };
        },
        plain: () => ({ content: [{ type: 'resource_link', uri: 'https://example.com/index', name: 'the index' }] }),
      },
    },
  ]);
  const model = new BlockModel([
    [{ tool: { id: 'r1', name: 'mcp__notes__reindex', input: { q: 'all' } } }, { tool: { id: 'p1', name: 'mcp__notes__plain', input: {} } }],
    [{ text: 'ok' }],
  ]);
  const session = new ChatSession({
    agent: { ...agentDeps(model), mcp: hub, decider: allowAll },
    credentials: keyed,
    log: new RecordingLogger(),
    newId: sequentialIds(),
  });
  const events: ChatEvent[] = [];
  session.onEvent((e) => events.push(e));
  return { session, events };
}

describe('chat: MCP tool rows', () => {
  it("labels a row with the tool's title and shows its progress while it runs", async () => {
    const { session, events } = make();
    await session.send('reindex');
    const started = events.filter((e) => e.type === 'toolUseStarted');
    expect(started.map((e) => (e.type === 'toolUseStarted' ? [e.name, e.label] : []))).toEqual([
      ['mcp__notes__reindex', 'Rebuild the index'],
      ['mcp__notes__plain', undefined],
    ]);
    // The webview takes them as they are.
    for (const e of started) expect(parseHostToWebview(e as HostToWebview).ok).toBe(true);
    expect(events.filter((e) => e.type === 'toolProgress')).toEqual([
      { type: 'toolProgress', toolUseId: 'r1', progress: { message: 'Indexing (1/2)' } },
      { type: 'toolProgress', toolUseId: 'r1', progress: { message: 'Indexing (2/2)' } },
    ]);
    expect(session.allEntries().find((e) => e.role === 'tool')).toMatchObject({ id: 'r1', label: 'Rebuild the index', status: 'done' });
  });

  it("shows what an MCP result carries besides text: the tool's own view runs for the row", async () => {
    const { session } = make();
    await session.send('reindex');
    const plain = session.allEntries().find((e) => e.role === 'tool' && e.id === 'p1');
    expect(plain).toMatchObject({ result: { data: { kind: 'mcp', images: [], links: [{ uri: 'https://example.com/index', name: 'the index' }] } } });
  });
});
