/** VsCodeNotebooks against the built-in ipynb extension: edits land in the notebook and in the saved file. */
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ToolResultBlock } from '../../../extension/core/base/messages';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { cellIdOf, VsCodeNotebooks } from '../../../extension/host/vscode/notebooks';
import { parseNotebook } from '../../../extension/core/base/ipynb';
import { NotebookEditTool } from '../../../extension/tools/NotebookEdit/NotebookEdit';
import { allowAll, assistantWith, makeContext, toolUse } from '../../unit/tool/fixtures';

/** The extension under test; its folder is the repository, where the fixtures live. */
const EXTENSION_ID = 'codewright.codewright';

describe('VsCodeNotebooks with the ipynb extension of a real VS Code', function () {
  this.timeout(60_000);
  const notebooks = new VsCodeNotebooks();
  let file: string;
  let doc: vscode.NotebookDocument;

  const onDisk = () => parseNotebook(readFileSync(file, 'utf8')).notebook;

  before(async () => {
    const repo = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    file = path.join(mkdtempSync(path.join(tmpdir(), 'codewright-nb-')), 'sample.ipynb');
    copyFileSync(path.join(repo, 'test/fixtures/notebooks/sample.ipynb'), file);
    doc = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
  });

  it('reads the nbformat cell ids from the cell metadata', () => {
    assert.deepEqual(doc.getCells().map(cellIdOf), ['a1b2c3d4', 'e5f6a7b8', 'c9d0e1f2'], JSON.stringify(doc.cellAt(0).metadata));
    assert.equal(notebooks.isOpen(file), true);
    assert.equal(notebooks.isOpen(path.join(path.dirname(file), 'other.ipynb')), false);
  });

  it('replaces a cell, keeps its id, and saves a valid notebook', async () => {
    const r = await notebooks.editCell(file, { mode: 'replace', cellId: 'c9d0e1f2', source: 'y = 99\nprint(y)' });
    assert.deepEqual(r, { cellId: 'c9d0e1f2' });
    assert.equal(doc.isDirty, false);
    const nb = onDisk();
    assert.deepEqual([nb.nbformat, nb.nbformat_minor], [4, 5]);
    assert.deepEqual(nb.cells[2], { cell_type: 'code', execution_count: null, id: 'c9d0e1f2', metadata: {}, outputs: [], source: ['y = 99\n', 'print(y)'] });
    assert.deepEqual(nb.cells[1]?.metadata, { tags: ['setup'] });
    assert.equal(doc.cellAt(2).document.getText(), 'y = 99\nprint(y)');
  });

  it('inserts a markdown cell after a cell with a fresh id', async () => {
    const r = await notebooks.editCell(file, { mode: 'insert', cellId: 'a1b2c3d4', source: '## Notes', cellType: 'markdown' });
    assert.match(r.cellId ?? '', /^[0-9a-f]{8}$/);
    const nb = onDisk();
    assert.equal(nb.cells.length, 4);
    assert.deepEqual(nb.cells[1], { cell_type: 'markdown', id: r.cellId, metadata: {}, source: ['## Notes'] });
    assert.equal(cellIdOf(doc.cellAt(1)), r.cellId);
  });

  it('inserts a code cell at the start in the notebook language', async () => {
    const r = await notebooks.editCell(file, { mode: 'insert', source: 'import os', cellType: 'code' });
    assert.equal(doc.cellAt(0).document.languageId, 'python');
    assert.deepEqual(onDisk().cells[0], { cell_type: 'code', execution_count: null, id: r.cellId, metadata: {}, outputs: [], source: ['import os'] });
  });

  it('deletes a cell', async () => {
    await notebooks.editCell(file, { mode: 'delete', cellId: 'e5f6a7b8', source: '' });
    assert.equal(onDisk().cells.some((c) => c.id === 'e5f6a7b8'), false);
    assert.equal(doc.getCells().map(cellIdOf).includes('e5f6a7b8'), false);
  });

  it('names the available ids when a cell is not found', async () => {
    await assert.rejects(notebooks.editCell(file, { mode: 'replace', cellId: 'nope', source: 'x' }), /Cell "nope" not found.*a1b2c3d4/);
  });

  it('lets the NotebookEdit tool edit the open notebook through the editor', async () => {
    const dir = path.dirname(file);
    const search = { ripgrep: () => Promise.reject(new Error('unused')), listFiles: () => Promise.reject(new Error('unused')), glob: () => Promise.reject(new Error('unused')) };
    const context = makeContext([NotebookEditTool], {
      cwd: dir,
      ports: { storage: new NodeSessionStorage(dir), workspace: new NodeWorkspace([dir]), search, notebooks },
    });
    context.discoveredToolNames.add(NotebookEditTool.name);
    context.readFileState.set(file, { content: readFileSync(file, 'utf8'), timestamp: statSync(file).mtimeMs });
    const block = toolUse('NotebookEdit', { notebook_path: file, cell_id: 'a1b2c3d4', new_source: '# Edited by the tool' });
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
    assert.equal((outcome.result as ToolResultBlock).content, 'Updated cell a1b2c3d4 with # Edited by the tool');
    const index = doc.getCells().findIndex((c) => cellIdOf(c) === 'a1b2c3d4');
    assert.equal(doc.cellAt(index).document.getText(), '# Edited by the tool');
    assert.deepEqual(onDisk().cells[index]?.source, ['# Edited by the tool']);
    assert.equal(context.readFileState.get(file)?.content, readFileSync(file, 'utf8'));
  });
});
