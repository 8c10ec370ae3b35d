import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { parseNotebook } from '../../../../extension/core/base/ipynb';
import { NotebookEditTool } from '../../../../extension/tools/NotebookEdit/NotebookEdit';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { fixture } from './support';

describe('tools/NotebookEdit on disk (NodeWorkspace)', () => {
  it('edits a real file and keeps it a valid notebook, then refuses once it changes behind its back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'codewright-nb-disk-'));
    const file = path.join(dir, 'sample.ipynb');
    writeFileSync(file, fixture('sample.ipynb'));
    const search = { ripgrep: () => Promise.reject(new Error('unused')), listFiles: () => Promise.reject(new Error('unused')), glob: () => Promise.reject(new Error('unused')) };
    const context = makeContext([NotebookEditTool], {
      cwd: dir,
      ports: { storage: new NodeSessionStorage(dir), workspace: new NodeWorkspace([dir]), search },
    });
    context.discoveredToolNames.add(NotebookEditTool.name);
    context.readFileState.set(file, { content: fixture('sample.ipynb'), timestamp: statSync(file).mtimeMs });

    const run = async (input: Record<string, unknown>) => {
      const block = toolUse('NotebookEdit', { notebook_path: 'sample.ipynb', ...input });
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
      return String((outcome.result as ToolResultBlock).content);
    };

    expect(await run({ edit_mode: 'insert', cell_id: 'c9d0e1f2', cell_type: 'code', new_source: 'z = y * 2' })).toMatch(
      /^Inserted cell [0-9a-f]{8} with z = y \* 2$/,
    );
    expect(await run({ cell_id: 'a1b2c3d4', new_source: '# Renamed' })).toBe('Updated cell a1b2c3d4 with # Renamed');
    const nb = parseNotebook(readFileSync(file, 'utf8')).notebook;
    expect(nb.cells.map((c) => c.source)).toEqual([['# Renamed'], ['x = 1\n', "print('hello')"], ['y = x + 1'], ['z = y * 2']]);

    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(file, readFileSync(file, 'utf8').replace('# Renamed', '# Changed by the user'));
    expect(await run({ cell_id: 'a1b2c3d4', new_source: 'x' })).toContain('modified since it was last read');
  });
});
