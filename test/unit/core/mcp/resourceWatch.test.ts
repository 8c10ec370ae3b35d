/** The MCP resources a session read (core/engines/mcp/resourceWatch.ts): held subscribed, updates noted once, released at the end. */
import { describe, expect, it } from 'vitest';
import { McpResourceWatch, withMcpResourceNote } from '../../../../extension/core/engines/mcp/resourceWatch';
import type { UserMessage } from '../../../../extension/core/base/messages';
import { fakeHub } from './fakeHub';

const contents = { 'memo://note': [{ uri: 'memo://note', text: 'hi' }], 'memo://other': [{ uri: 'memo://other', text: 'yo' }] };

describe('core/engines/mcp/resourceWatch', () => {
  it('holds a resource subscribed once it was read through the session hub, once however often', async () => {
    const hub = fakeHub([{ name: 'notes', contents }]);
    const watch = new McpResourceWatch(hub);
    expect(await watch.hub.readResource('notes', 'memo://note')).toEqual([{ uri: 'memo://note', text: 'hi' }]);
    await watch.hub.readResource('notes', 'memo://note');
    expect(hub.subscriptions).toEqual(['notes memo://note']);
    expect(watch.holding()).toEqual([{ server: 'notes', uri: 'memo://note' }]);
  });

  it('holds nothing after a read that failed', async () => {
    const hub = fakeHub([{ name: 'notes', contents }]);
    const watch = new McpResourceWatch(hub);
    await expect(watch.hub.readResource('notes', 'memo://missing')).rejects.toThrow(/not found/);
    expect(hub.subscriptions).toEqual([]);
  });

  it('notes the updates of held resources once, and ignores the others', async () => {
    const hub = fakeHub([{ name: 'notes', contents }]);
    const watch = new McpResourceWatch(hub);
    await watch.hub.readResource('notes', 'memo://note');
    expect(watch.takeNote()).toBeUndefined();
    hub.updated('notes', 'memo://other');
    expect(watch.takeNote()).toBeUndefined();
    hub.updated('notes', 'memo://note');
    hub.updated('notes', 'memo://note');
    const note = watch.takeNote();
    expect(note).toMatch(/^<system-reminder>\n/);
    expect(note).toContain('- memo://note (MCP server "notes")');
    expect(note).toContain('ReadMcpResourceTool');
    expect(note?.match(/memo:\/\/note/g)).toHaveLength(1);
    expect(watch.takeNote()).toBeUndefined();
  });

  it('releases every subscription when the session ends, and notes nothing afterwards', async () => {
    const hub = fakeHub([{ name: 'notes', contents }]);
    const watch = new McpResourceWatch(hub);
    await watch.hub.readResource('notes', 'memo://note');
    await watch.hub.readResource('notes', 'memo://other');
    expect(hub.subscriptions).toHaveLength(2);
    watch.dispose();
    expect(hub.subscriptions).toEqual([]);
    hub.updated('notes', 'memo://note');
    expect(watch.takeNote()).toBeUndefined();
  });

  it('passes the rest of the hub through: servers, calls, prompts', async () => {
    const hub = fakeHub([{ name: 'notes', contents, promptMessages: { hi: () => [{ role: 'user', text: 'hello' }] } }]);
    const watch = new McpResourceWatch(hub);
    expect(watch.hub.servers()).toEqual(hub.servers());
    await watch.hub.callTool('notes', 'echo', { a: 1 });
    expect(hub.calls).toEqual([{ server: 'notes', tool: 'echo', args: { a: 1 } }]);
    expect((await watch.hub.getPrompt('notes', 'hi', {})).messages).toHaveLength(1);
  });
});

describe('core/engines/mcp/resourceWatch: withMcpResourceNote', () => {
  it('puts the note inside the last tool_result of a round, so the chat history does not show it', () => {
    const results: UserMessage = {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: 'first' },
        { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'second' }] },
      ],
    };
    expect(withMcpResourceNote(results, 'NOTE').content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'first' },
      { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'second' }, { type: 'text', text: 'NOTE' }] },
    ]);
  });

  it('adds the note after the text of a prompt, and leaves a message alone without one', () => {
    const prompt: UserMessage = { role: 'user', content: 'go on' };
    expect(withMcpResourceNote(prompt, 'NOTE').content).toEqual([
      { type: 'text', text: 'go on' },
      { type: 'text', text: 'NOTE' },
    ]);
    expect(withMcpResourceNote(prompt, undefined)).toBe(prompt);
  });
});
