import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_NAMES } from '../../../extension/protocol/toolNames';
import { getAllBaseTools } from '../../../extension/tools/tools';
import { TOOL_RENDERERS } from '../../../webview/tools/registry';

/**
 * Adding a tool is its folder, its name in protocol/toolNames.ts, its renderer and its docs entry
 * (docs/ARCHITECTURE.md, How to add a tool); each check below fails when one of them is missing.
 */
const tools = getAllBaseTools();
const toolsDoc = readFileSync(new URL('../../../docs/TOOLS.md', import.meta.url), 'utf8');

describe('every registered tool', () => {
  for (const tool of tools) {
    it(`${tool.name} has its wire name in protocol/toolNames.ts, a webview renderer and a section in docs/TOOLS.md`, () => {
      expect(BUILTIN_TOOL_NAMES).toContain(tool.name);
      expect(Object.keys(TOOL_RENDERERS)).toContain(tool.name);
      expect(toolsDoc.split('\n')).toContain(`## ${tool.name}`);
    });
  }

  it('keeps its structured chat view where results carried one before views moved into the tools (and ToolSearch, whose row tells a miss)', () => {
    const presenting = tools.filter((t) => t.present !== undefined).map((t) => t.name);
    expect(presenting.sort()).toEqual(['Agent', 'AskUserQuestion', 'Bash', 'Edit', 'ExitPlanMode', 'Glob', 'Grep', 'Read', 'ReadMcpResourceTool', 'ToolSearch', 'WebFetch', 'Write']);
  });

  it('proposes its change for review when it changes files, and previews its command when it runs one', () => {
    expect(tools.filter((t) => t.proposeChange !== undefined).map((t) => t.name).sort()).toEqual(['Edit', 'NotebookEdit', 'Write']);
    expect(tools.filter((t) => t.commandPreview !== undefined).map((t) => t.name)).toEqual(['Bash', 'Monitor']);
  });
});
