/**
 * What an MCP tool makes of its server's annotations and progress (core/engines/mcp/tools.ts, progress.ts): read-only
 * and destructive flags for the permission engine (hints never allow a call), the dialog's destructive warning, the
 * title as the row's label, the hints in the permission question, and progress notifications on the running row.
 */
import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { ToolExecutionEvent } from '../../../../extension/core/contracts/events';
import type { AnyTool } from '../../../../extension/core/contracts/tool';
import { MCP_DESTRUCTIVE_WARNING, mcpTools } from '../../../../extension/core/engines/mcp/tools';
import { mcpProgressText } from '../../../../extension/core/engines/mcp/progress';
import { presentProgress } from '../../../../extension/conversation/toolViews/present';
import { contextWith } from '../../permissions/support';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { fakeHub, tool } from './fakeHub';

const hub = fakeHub([
  {
    name: 'notes',
    tools: [
      tool('peek', { annotations: { readOnlyHint: true, title: 'Peek at a note', openWorldHint: false } }),
      tool('wipe', { annotations: { destructiveHint: true, idempotentHint: true } }),
      tool('both', { annotations: { readOnlyHint: true, destructiveHint: true } }),
      tool('fetch', { annotations: { openWorldHint: true } }),
      tool('plain'),
    ],
    results: {
      plain: (_args, onProgress) => {
        onProgress?.({ progress: 1, total: 4, message: 'Indexing' });
        onProgress?.({ progress: 0.5, total: 1 });
        return { content: [{ type: 'text', text: 'indexed' }] };
      },
    },
  },
]);
const tools = mcpTools(hub);
const byName = (name: string): AnyTool => tools.find((t) => t.name === `mcp__notes__${name}`)!;

describe('core/engines/mcp/tools: annotations', () => {
  it('makes readOnlyHint read-only and destructiveHint destructive; read-only wins when a server says both', () => {
    const flags = (name: string) => [byName(name).isReadOnly({}), byName(name).isDestructive({})];
    expect(flags('peek')).toEqual([true, false]);
    expect(flags('wipe')).toEqual([false, true]);
    expect(flags('both')).toEqual([true, false]);
    expect(flags('plain')).toEqual([false, false]);
  });

  it("gives the permission dialog the destructive warning only for a destructive tool", () => {
    expect(byName('wipe').destructiveWarning?.({})).toBe(MCP_DESTRUCTIVE_WARNING);
    expect(MCP_DESTRUCTIVE_WARNING).toBe('This tool may delete or overwrite data (the server marks it destructive)');
    expect(byName('both').destructiveWarning).toBeUndefined();
    expect(byName('plain').destructiveWarning).toBeUndefined();
  });

  it("labels the row with the tool's title, and only when it has one", () => {
    expect(byName('peek').rowLabel?.()).toBe('Peek at a note');
    expect(byName('wipe').rowLabel).toBeUndefined();
  });

  it('says in the permission question what the server hints about its reach', async () => {
    const message = async (name: string) => ((await byName(name).checkPermissions({}, makeContext(tools))) as { message: string }).message;
    expect(await message('fetch')).toBe('Allow the MCP server "notes" to run its tool "fetch"? The server says it reaches outside systems (the internet, other services).');
    expect(await message('wipe')).toBe('Allow the MCP server "notes" to run its tool "wipe"? The server says calling it again with the same arguments changes nothing more.');
    expect(await message('plain')).toBe('Allow the MCP server "notes" to run its tool "plain"?');
  });
});

describe('core/engines/mcp/tools: annotations and the permission engine', () => {
  const decide = (name: string, mode: 'default' | 'plan', allow: string[] = []) =>
    createPermissionEngine()(byName(name), {}, contextWith(tools, { mode, alwaysAllowRules: { localSettings: allow } }));

  it('still asks about a read-only tool: a hint from the server allows nothing', async () => {
    expect(await decide('peek', 'default')).toMatchObject({ behavior: 'ask' });
    expect(await decide('peek', 'default', ['mcp__notes__peek'])).toMatchObject({ behavior: 'allow' });
  });

  it('lets plan mode ask about a read-only tool, and refuses the others there', async () => {
    expect(await decide('peek', 'plan')).toMatchObject({ behavior: 'ask' });
    expect(await decide('wipe', 'plan')).toMatchObject({ behavior: 'deny', message: expect.stringMatching(/Plan mode is on/) });
    expect(await decide('plain', 'plan')).toMatchObject({ behavior: 'deny' });
  });
});

describe('core/engines/mcp/tools: progress', () => {
  it("sends the server's progress to the running row in words", async () => {
    const block = toolUse('mcp__notes__plain', {});
    const events: ToolExecutionEvent[] = [];
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context: makeContext(tools), canUseTool: allowAll, emit: (e) => events.push(e) });
    expect(outcome.result).toMatchObject({ content: 'indexed' });
    const progress = events.flatMap((e) => (e.type === 'toolProgress' ? [presentProgress(e.progress)?.message] : []));
    expect(progress).toEqual(['Indexing (1/4)', 'Progress: 50%']);
  });
});

describe('core/engines/mcp/progress: mcpProgressText', () => {
  it('counts whole steps, shows fractions as a percentage, and keeps a message without a total as it is', () => {
    expect(mcpProgressText({ progress: 3, total: 10, message: 'Indexing files' })).toBe('Indexing files (3/10)');
    expect(mcpProgressText({ progress: 0.25, total: 1, message: 'Uploading' })).toBe('Uploading (25%)');
    expect(mcpProgressText({ progress: 30, total: 40 })).toBe('Progress: 30/40');
    expect(mcpProgressText({ progress: 7, message: 'Waiting for the build' })).toBe('Waiting for the build');
    expect(mcpProgressText({ progress: 7 })).toBe('Progress: 7');
    expect(mcpProgressText({ progress: 12, total: 10 })).toBe('Progress: 12/10');
    expect(mcpProgressText({ progress: 2.5, total: 2 })).toBe('Progress: 100%');
  });

  it('keeps the first line of a long message, cut to fit the row', () => {
    const text = mcpProgressText({ progress: 1, total: 2, message: `${'x'.repeat(1000)}\nsecond line` });
    expect(text).toBe(`${'x'.repeat(400)} (1/2)`);
  });
});
