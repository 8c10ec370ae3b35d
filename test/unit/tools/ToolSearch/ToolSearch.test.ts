import { describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { presentToolResult } from '../../../../extension/conversation/toolViews/present';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { ToolExecutionEvent } from '../../../../extension/core/contracts/events';
import { buildTool, type Tools } from '../../../../extension/core/contracts/tool';
import { nameWords, parseSelect, rankTools } from '../../../../extension/tools/ToolSearch/search';
import { ToolSearchTool } from '../../../../extension/tools/ToolSearch/ToolSearch';
import { getTools } from '../../../../extension/tools/tools';
import { allowAll, assistantWith, echoTool, makeContext, toolUse } from '../../tool/fixtures';

function deferredTool(name: string, prompt: string, searchHint?: string) {
  return buildTool({
    ...echoTool().tool,
    name,
    shouldDefer: true,
    ...(searchHint ? { searchHint } : {}),
    prompt: async () => prompt,
  });
}

const catalogue: Tools = [
  ToolSearchTool,
  echoTool({ name: 'Read' }).tool,
  deferredTool('NotebookEdit', 'Replace, insert or delete a cell of a Jupyter notebook.', 'ipynb jupyter cell'),
  deferredTool('mcp__github__create_issue', 'Create an issue in a GitHub repository.'),
  deferredTool('mcp__github__list_pulls', 'List pull requests of a GitHub repository.'),
  deferredTool('WebFetch', 'Fetch a URL and answer a question about its content.', 'http download page'),
];

async function search(query: string, max?: number) {
  const context = makeContext(catalogue);
  const block = toolUse('ToolSearch', { query, ...(max ? { max_results: max } : {}) });
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  return { result: outcome.result as ToolResultBlock, context, stage: outcome.stage };
}

describe('tools/ToolSearch', () => {
  it('splits tool names into words', () => {
    expect(nameWords('NotebookEdit')).toEqual(['notebook', 'edit']);
    expect(nameWords('mcp__github__create_issue')).toEqual(['mcp', 'github', 'create', 'issue']);
  });

  it('parses select: lists', () => {
    expect(parseSelect('select:A, B ,C')).toEqual(['A', 'B', 'C']);
    expect(parseSelect('notebook')).toBeUndefined();
  });

  it('loads exactly the selected deferred tools as tool_reference blocks', async () => {
    const { result, context } = await search('select:NotebookEdit,WebFetch');
    expect(result.content).toEqual([
      { type: 'tool_reference', tool_name: 'NotebookEdit' },
      { type: 'tool_reference', tool_name: 'WebFetch' },
    ]);
    expect([...context.discoveredToolNames]).toEqual(['NotebookEdit', 'WebFetch']);
  });

  it('says which selected names are unknown or already loaded', async () => {
    const { result } = await search('select:Read,Nope,webfetch');
    expect(result.content).toEqual([
      { type: 'tool_reference', tool_name: 'WebFetch' },
      { type: 'text', text: 'Already available: Read. No such tools: Nope.' },
    ]);
  });

  it('ranks keyword matches on names above hints above descriptions', async () => {
    const options = { isNonInteractiveSession: false, toolPermissionContext: makeContext([]).getAppState().toolPermissionContext, tools: catalogue };
    const items = await Promise.all(
      catalogue.filter((t) => t.shouldDefer).map(async (t) => ({ name: t.name, searchHint: t.searchHint, description: await t.prompt(options) })),
    );
    expect(rankTools('github issue', items, 5)).toEqual(['mcp__github__create_issue', 'mcp__github__list_pulls']);
    expect(rankTools('jupyter', items, 5)).toEqual(['NotebookEdit']);
    expect(rankTools('download a page', items, 5)).toEqual(['WebFetch']);
    expect(rankTools('github', items, 1)).toEqual(['mcp__github__create_issue']);
    expect(rankTools('kubernetes', items, 5)).toEqual([]);
  });

  it('answers a search with no match in one line and loads nothing', async () => {
    const { result, context } = await search('kubernetes cluster');
    expect(result.content).toBe('No matching deferred tools found for "kubernetes cluster" (4 deferred tools).');
    expect(context.discoveredToolNames.size).toBe(0);
  });

  it('tells the chat whether the search found anything, so no match does not look like a success', async () => {
    const shown = async (query: string) => {
      const context = makeContext(catalogue);
      const block = toolUse('ToolSearch', { query });
      let finished: Extract<ToolExecutionEvent, { type: 'toolFinished' }> | undefined;
      await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll, emit: (e) => e.type === 'toolFinished' && (finished = e) });
      return presentToolResult(ToolSearchTool, { query }, finished!.result, finished!.output);
    };
    expect((await shown('kubernetes cluster')).data).toEqual({ kind: 'toolSearch', query: 'kubernetes cluster', matches: [] });
    expect((await shown('select:WebFetch')).data).toEqual({ kind: 'toolSearch', query: 'select:WebFetch', matches: ['WebFetch'] });
  });

  it('is never deferred itself and lists the deferred tools in its prompt', async () => {
    expect(ToolSearchTool.alwaysLoad).toBe(true);
    const prompt = await ToolSearchTool.prompt({
      isNonInteractiveSession: false,
      toolPermissionContext: makeContext([]).getAppState().toolPermissionContext,
      tools: catalogue,
    });
    expect(prompt).toContain('Deferred tools: NotebookEdit, mcp__github__create_issue, mcp__github__list_pulls, WebFetch');
  });

  it('is in the registry, and the registry drops disabled and duplicate tools', () => {
    const dup = echoTool({ name: 'ToolSearch' }).tool;
    const off = buildTool({ ...echoTool().tool, name: 'Off', isEnabled: () => false });
    const tools = getTools([dup, off, echoTool({ name: 'Extra' }).tool]);
    expect(tools.map((t) => t.name)).toContain('ToolSearch');
    expect(tools.filter((t) => t.name === 'ToolSearch')).toEqual([ToolSearchTool]);
    expect(tools.at(-1)?.name).toBe('Extra');
    expect(tools.map((t) => t.name)).not.toContain('Off');
  });
});
