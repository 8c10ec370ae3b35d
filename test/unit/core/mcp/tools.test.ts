/** MCP tools (core/engines/mcp/tools.ts): built from a fake hub, run through the real executor and permission engine. */
import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { AnyTool } from '../../../../extension/core/contracts/tool';
import { toolDefinitions } from '../../../../extension/core/engines/tools/toolSchema';
import { MCP_DEFER_CHARS, McpToolSet, mcpResultBlock, mcpTools } from '../../../../extension/core/engines/mcp/tools';
import { contextWith } from '../../permissions/support';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { fakeHub, tool } from './fakeHub';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function byName(tools: readonly AnyTool[], name: string): AnyTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(', ')}`);
  return found;
}

async function run(t: AnyTool, input: unknown) {
  const block = toolUse(t.name, input);
  return executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext([t]), canUseTool: allowAll });
}

describe('core/engines/mcp/tools: building', () => {
  const hub = fakeHub([
    {
      name: 'docs',
      tools: [
        tool('search', { annotations: { readOnlyHint: true, title: 'Search docs' } }),
        tool('drop table', { annotations: { destructiveHint: true } }),
      ],
    },
    { name: 'down', state: 'failed', tools: [tool('hidden')] },
  ]);

  it('names each tool of a connected server mcp__server__tool with its schema, description and annotations', async () => {
    const tools = mcpTools(hub);
    expect(tools.map((t) => t.name)).toEqual(['mcp__docs__search', 'mcp__docs__drop_table']);
    const search = byName(tools, 'mcp__docs__search');
    expect(search.inputJSONSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect(await search.prompt({} as never)).toBe('The search tool');
    expect(search.userFacingName()).toBe('docs - Search docs (MCP)');
    expect([search.isReadOnly({}), search.isConcurrencySafe({}), search.isDestructive({})]).toEqual([true, true, false]);
    const drop = byName(tools, 'mcp__docs__drop_table');
    expect([drop.isReadOnly({}), drop.isConcurrencySafe({}), drop.isDestructive({})]).toEqual([false, false, true]);
    expect(search.shouldDefer).toBeUndefined();
  });

  it('sends the server schema verbatim to the API', async () => {
    const tools = mcpTools(hub);
    const defs = await toolDefinitions(tools, { isNonInteractiveSession: false, toolPermissionContext: {} as never, tools });
    expect(defs[0]).toEqual({ name: 'mcp__docs__search', description: 'The search tool', input_schema: { type: 'object', properties: { q: { type: 'string' } } } });
  });

  it('routes the call to the hub with the original server and tool names', async () => {
    const outcome = await run(byName(mcpTools(hub), 'mcp__docs__drop_table'), { q: 'users' });
    expect(outcome.stage).toBe('success');
    expect(hub.calls.at(-1)).toEqual({ server: 'docs', tool: 'drop table', args: { q: 'users' } });
    expect(outcome.result.content).toBe('drop table: {"q":"users"}');
  });

  it('checks input against the server schema before calling', async () => {
    const strict = fakeHub([{ name: 's', tools: [tool('t', { inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] } })] }]);
    const outcome = await run(mcpTools(strict)[0]!, { n: 0 });
    expect(outcome.stage).toBe('invalid_input');
    expect(strict.calls).toEqual([]);
    expect(await run(mcpTools(strict)[0]!, { n: 2, extra: true })).toMatchObject({ stage: 'success' });
  });

  it('passes any object through when the schema is one Zod cannot read', async () => {
    const odd = fakeHub([{ name: 's', tools: [tool('t', { inputSchema: { type: 'object', properties: { x: { type: 'weird' } } } })] }]);
    expect(await run(mcpTools(odd)[0]!, { x: 1 })).toMatchObject({ stage: 'success' });
  });
});

describe('core/engines/mcp/tools: deferral', () => {
  it('defers every tool when there are more than ten, except one marked anthropic/alwaysLoad', () => {
    const many = Array.from({ length: 11 }, (_, i) => tool(`t${i}`));
    many[3] = tool('t3', { _meta: { 'anthropic/alwaysLoad': true } });
    const tools = mcpTools(fakeHub([{ name: 'a', tools: many.slice(0, 6) }, { name: 'b', tools: many.slice(6) }]));
    expect(tools.every((t) => t.shouldDefer === true)).toBe(true);
    expect(tools.filter((t) => t.alwaysLoad).map((t) => t.name)).toEqual(['mcp__a__t3']);
  });

  it('defers a few tools whose descriptions are very long, and not ten short ones', () => {
    const short = mcpTools(fakeHub([{ name: 'a', tools: Array.from({ length: 10 }, (_, i) => tool(`t${i}`)) }]));
    expect(short.some((t) => t.shouldDefer)).toBe(false);
    const long = mcpTools(fakeHub([{ name: 'a', tools: [tool('big', { description: 'x'.repeat(MCP_DEFER_CHARS + 1) })] }]));
    expect(long[0]!.shouldDefer).toBe(true);
  });

  it('a deferred MCP tool is refused until ToolSearch loaded it', async () => {
    const tools = mcpTools(fakeHub([{ name: 'a', tools: Array.from({ length: 11 }, (_, i) => tool(`t${i}`)) }]));
    expect(await run(tools[0]!, {})).toMatchObject({ stage: 'unknown_tool' });
  });
});

describe('core/engines/mcp/tools: results', () => {
  it('maps text, images, resource links and embedded resources, keeping is_error', () => {
    const block = mcpResultBlock(
      {
        isError: true,
        content: [
          { type: 'text', text: 'two things' },
          { type: 'image', data: PIXEL, mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'memo://x', text: 'inline memo' } },
        ],
      },
      'toolu_1',
    );
    expect(block.is_error).toBe(true);
    expect(block.content).toEqual([
      { type: 'text', text: 'two things' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } },
      { type: 'text', text: '[Resource link: a.txt file:///a.txt (text/plain)]' },
      { type: 'text', text: '<resource uri="memo://x">\ninline memo\n</resource>' },
    ]);
  });

  it('joins text-only results into one string, and shows structured content when nothing else came', () => {
    expect(mcpResultBlock({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }, 'id').content).toBe('a\nb');
    expect(mcpResultBlock({ content: [], structuredContent: { n: 1 } }, 'id').content).toBe('{"n":1}');
    expect(mcpResultBlock({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/bmp' }] }, 'id').content).toMatch(/image\/bmp.*cannot be shown/);
  });

  it('puts structuredContent and _meta into mcpMeta, and an error result reaches the model as is_error', async () => {
    const hub = fakeHub([
      {
        name: 's',
        tools: [tool('t')],
        results: { t: { content: [{ type: 'text', text: 'bad' }], isError: true, structuredContent: { code: 7 }, _meta: { trace: 'x' } } },
      },
    ]);
    const t = mcpTools(hub)[0]!;
    const result = await t.call({}, makeContext([t]), allowAll, assistantWith());
    expect(result.mcpMeta).toEqual({ structuredContent: { code: 7 }, _meta: { trace: 'x' } });
    const outcome = await run(t, {});
    expect(outcome.result).toMatchObject({ is_error: true, content: 'bad' });
  });
});

describe('core/engines/mcp/tools: mcpMeta through the executor', () => {
  it('reports structuredContent and _meta with the finished call, for stream-json consumers', async () => {
    const hub = fakeHub([{ name: 's', tools: [tool('t')], results: { t: { content: [{ type: 'text', text: 'ok' }], structuredContent: { rows: 2 }, _meta: { trace: 'y' } } } }]);
    const t = mcpTools(hub)[0]!;
    const block = toolUse(t.name, {});
    const finished: unknown[] = [];
    await executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext([t]), canUseTool: allowAll, emit: (e) => e.type === 'toolFinished' && finished.push(e) });
    expect(finished).toEqual([expect.objectContaining({ toolName: 'mcp__s__t', isError: false, mcpMeta: { structuredContent: { rows: 2 }, _meta: { trace: 'y' } } })]);
  });
});

describe('core/engines/mcp/tools: permissions', () => {
  const hub = fakeHub([{ name: 'github', tools: [tool('create_issue'), tool('list_issues')] }, { name: 'other', tools: [tool('create_issue')] }]);
  const tools = mcpTools(hub);
  const decide = (name: string, rules: { allow?: string[]; deny?: string[] }) =>
    createPermissionEngine()(byName(tools, name), {}, contextWith(tools, { alwaysAllowRules: { localSettings: rules.allow ?? [] }, alwaysDenyRules: { localSettings: rules.deny ?? [] } }));

  it('asks by default, offering to allow that tool', async () => {
    expect(await decide('mcp__github__create_issue', {})).toMatchObject({
      behavior: 'ask',
      message: 'Allow the MCP server "github" to run its tool "create_issue"?',
      suggestions: [{ type: 'addRules', rules: [{ toolName: 'mcp__github__create_issue' }], behavior: 'allow' }],
    });
  });

  it('a rule mcp__server allows or denies every tool of that server and no other', async () => {
    expect(await decide('mcp__github__list_issues', { allow: ['mcp__github'] })).toMatchObject({ behavior: 'allow' });
    expect(await decide('mcp__other__create_issue', { allow: ['mcp__github'] })).toMatchObject({ behavior: 'ask' });
    expect(await decide('mcp__github__create_issue', { deny: ['mcp__github'] })).toMatchObject({ behavior: 'deny' });
    expect(await decide('mcp__github__create_issue', { allow: ['mcp__github__*'] })).toMatchObject({ behavior: 'allow' });
  });

  it('a rule mcp__server__tool covers that tool only, and a deny wins over a server allow', async () => {
    expect(await decide('mcp__github__create_issue', { allow: ['mcp__github__create_issue'] })).toMatchObject({ behavior: 'allow' });
    expect(await decide('mcp__github__list_issues', { allow: ['mcp__github__create_issue'] })).toMatchObject({ behavior: 'ask' });
    expect(await decide('mcp__github__create_issue', { allow: ['mcp__github'], deny: ['mcp__github__create_issue'] })).toMatchObject({ behavior: 'deny' });
    expect(await decide('mcp__github__list_issues', { allow: ['mcp__github'], deny: ['mcp__github__create_issue'] })).toMatchObject({ behavior: 'allow' });
  });
});

describe('core/engines/mcp/tools: McpToolSet', () => {
  it('keeps the same tool objects until the hub changes, then lists the new tools', () => {
    const hub = fakeHub([{ name: 's', tools: [tool('a')] }]);
    const set = new McpToolSet(hub);
    const first = set.tools();
    expect(set.tools()).toBe(first);
    hub.set([{ name: 's', tools: [tool('a'), tool('b')] }]);
    expect(set.tools().map((t) => t.name)).toEqual(['mcp__s__a', 'mcp__s__b']);
    set.dispose();
    hub.set([]);
    expect(set.tools().map((t) => t.name)).toEqual(['mcp__s__a', 'mcp__s__b']);
  });
});
