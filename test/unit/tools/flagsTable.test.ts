/**
 * docs/TOOLS.md's "Flags at a glance" table tells the truth (issue 31, point 11): every built-in tool has a row,
 * and its Deferred and Interrupt columns say what the tool itself says (`shouldDefer`, `interruptBehavior`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interruptBehaviorOf } from '../../../extension/core/contracts/tool';
import { createStructuredOutputTool } from '../../../extension/tools/StructuredOutput/StructuredOutput';
import { getTools } from '../../../extension/tools/tools';

const TOOLS_MD = readFileSync(path.resolve(__dirname, '../../../docs/TOOLS.md'), 'utf8');

/** The table's rows by the tool's wire name (the first word of the Tool cell). */
function flagRows(): Map<string, string[]> {
  const section = TOOLS_MD.split('## Flags at a glance')[1]!.split('\n## ')[0]!;
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Tool |') && !l.startsWith('|---'))) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    rows.set(cells[0]!.split(' ')[0]!, cells);
  }
  return rows;
}

describe('docs/TOOLS.md flags table', () => {
  const rows = flagRows();
  const tools = [...getTools(), createStructuredOutputTool()];

  it('has a row for every built-in tool', () => {
    const missing = tools.map((t) => t.name).filter((name) => !rows.has(name));
    expect(missing).toEqual([]);
  });

  it("says which tools are deferred and how each is interrupted, as the tools do", () => {
    for (const tool of tools) {
      const [, , , , deferred, interrupt] = rows.get(tool.name)!;
      if (tool.alwaysLoad) expect(deferred, tool.name).toMatch(/^never/);
      else expect(deferred, tool.name).toBe(tool.shouldDefer ? 'yes' : 'no');
      expect(interrupt, tool.name).toBe(interruptBehaviorOf(tool));
    }
  });
});
