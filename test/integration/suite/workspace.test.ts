import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { VsCodeWorkspace } from '../../../extension/host/vscode/workspace';
import { workspaceContract } from '../../contract/workspace.contract';

describe('VS Code workspace', () => {
  const made: string[] = [];
  function fresh(): { workspace: VsCodeWorkspace; dir: string } {
    // Outside the opened folder on purpose: the agent edits files anywhere the user allows.
    const dir = mkdtempSync(path.join(tmpdir(), 'cw-vscode-ws-'));
    made.push(dir);
    return { workspace: new VsCodeWorkspace([dir]), dir };
  }

  /** Opens `file` (written with `text` first) in an editor and makes it the active one. */
  async function openInEditor(file: string, text: string | Buffer): Promise<vscode.TextEditor> {
    writeFileSync(file, text);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  afterEach(async () => {
    // Closing a dirty editor would open a "save changes?" dialog and hang the run: revert ours first.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && made.some((m) => d.uri.fsPath.startsWith(m)))) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  workspaceContract(describe, it, fresh);

  it('uses the workspace folders as roots when given none', () => {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    assert.ok(folders.length > 0, 'the integration runner opens a folder');
    assert.deepEqual(new VsCodeWorkspace().roots, folders);
  });

  it('reads an unsaved editor buffer, marked fromDirtyEditor, with the mtime of the disk file', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'dirty.ts');
    const editor = await openInEditor(file, 'const a = 1;\n');
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(1, 0), 'const b = 2;\n')));
    assert.equal(editor.document.isDirty, true);
    const read = await workspace.readText(file);
    assert.deepEqual(
      { ...read, mtimeMs: 0 },
      { content: 'const a = 1;\nconst b = 2;\n', encoding: 'utf8', bom: false, lineEnding: 'LF', mtimeMs: 0, fromDirtyEditor: true },
    );
    assert.equal(read.mtimeMs, (await workspace.stat(file))?.mtimeMs);
    assert.equal(readFileSync(file, 'utf8'), 'const a = 1;\n', 'the disk still has the saved text');
  });

  it('reads a saved open document from disk, not marked dirty', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'clean.ts');
    await openInEditor(file, 'clean\r\n');
    const read = await workspace.readText(file);
    assert.equal(read.fromDirtyEditor, false);
    assert.equal(read.content, 'clean\r\n');
  });

  it('shows the new content in an open editor after writeText, and saves it', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'shown.ts');
    const editor = await openInEditor(file, 'export const v = 1;\n');
    await workspace.writeText(file, 'export const v = 2;\n', { encoding: 'utf8', bom: false });
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, file);
    assert.equal(editor.document.getText(), 'export const v = 2;\n');
    assert.equal(editor.document.isDirty, false);
    assert.equal(readFileSync(file, 'utf8'), 'export const v = 2;\n');
  });

  it('puts the write on the editor undo stack: undo restores the original text', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'undo.ts');
    const editor = await openInEditor(file, 'original\r\nline two\r\n');
    await workspace.writeText(file, 'rewritten\r\nline two\r\nline three\r\n', { encoding: 'utf8', bom: false });
    assert.equal(editor.document.getText(), 'rewritten\r\nline two\r\nline three\r\n');
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'original\r\nline two\r\n');
    assert.equal(editor.document.isDirty, true, 'undo changes the buffer, the disk keeps the write');
  });

  it('saves the agent edit over an unsaved buffer it read', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'buffer.ts');
    const editor = await openInEditor(file, 'a\n');
    await editor.edit((b) => b.insert(new vscode.Position(1, 0), 'b (unsaved)\n'));
    const read = await workspace.readText(file);
    await workspace.writeText(file, `${read.content}c (agent)\n`, { encoding: read.encoding, bom: read.bom });
    assert.equal(editor.document.isDirty, false);
    assert.equal(readFileSync(file, 'utf8'), 'a\nb (unsaved)\nc (agent)\n');
  });

  it('switches an open LF document to CRLF when the content says so', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'eol.txt');
    const editor = await openInEditor(file, 'a\nb\n');
    await workspace.writeText(file, 'a\r\nb\r\nc\r\n', { encoding: 'utf8', bom: false });
    assert.equal(editor.document.eol, vscode.EndOfLine.CRLF);
    assert.equal(readFileSync(file, 'latin1'), 'a\r\nb\r\nc\r\n');
  });

  it('writes over a file changed on disk behind a saved open editor, without a save conflict', async () => {
    const { workspace, dir } = fresh();
    // Whether VS Code's watcher reloads the buffer before the write is a race; five tries make the stale
    // case (where saving the buffer would fail with "file is newer") all but certain to occur.
    for (let round = 0; round < 5; round++) {
      const file = path.join(dir, `behind-${round}.ts`);
      const editor = await openInEditor(file, 'v1\n');
      // Give VS Code time to start watching the file it just opened, or it never hears of the writes below.
      await new Promise((r) => setTimeout(r, 500));
      writeFileSync(file, 'v2 from another program, longer\n');
      await workspace.writeText(file, 'v3 from the agent\n', { encoding: 'utf8', bom: false });
      assert.equal(readFileSync(file, 'utf8'), 'v3 from the agent\n');
      for (let i = 0; i < 50 && editor.document.getText() !== 'v3 from the agent\n'; i++) await new Promise((r) => setTimeout(r, 100));
      const state = JSON.stringify({ round, text: editor.document.getText(), dirty: editor.document.isDirty, disk: readFileSync(file, 'utf8') });
      assert.equal(editor.document.getText(), 'v3 from the agent\n', state);
      assert.equal(editor.document.isDirty, false, state);
    }
  });

  it('keeps the permission bits of a file, through the document and as bytes', async () => {
    const { workspace, dir } = fresh();
    const script = path.join(dir, 'run.sh');
    writeFileSync(script, '#!/bin/sh\necho 1\n');
    chmodSync(script, 0o775);
    await workspace.writeText(script, '#!/bin/sh\necho 2\n', { encoding: 'utf8', bom: false });
    assert.equal(statSync(script).mode & 0o7777, 0o775);
    // Mixed line endings go as bytes.
    await workspace.writeText(script, '#!/bin/sh\r\necho 3\n', { encoding: 'utf8', bom: false });
    assert.equal(statSync(script).mode & 0o7777, 0o775);
    assert.equal(readFileSync(script, 'utf8'), '#!/bin/sh\r\necho 3\n');
  });

  it('writes bytes when the open document would save another BOM, and reloads the editor in the new encoding', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'bom.txt');
    const editor = await openInEditor(file, '\ufeffwith bom\n');
    assert.equal(editor.document.encoding, 'utf8bom');
    await workspace.writeText(file, 'without bom\n', { encoding: 'utf8', bom: false });
    assert.deepEqual(readFileSync(file), Buffer.from('without bom\n'));
    assert.equal(editor.document.getText(), 'without bom\n');
    assert.equal(editor.document.encoding, 'utf8', 'a later save by the user must not bring the BOM back');
  });

  it('shows a latin1 write in an open editor decoded as latin1', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'legacy.txt');
    const editor = await openInEditor(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    // With files.autoGuessEncoding off (the default) VS Code opens it as UTF-8 and shows a replacement character.
    assert.equal(editor.document.getText(), 'caf\ufffd\n');
    await workspace.writeText(file, 'thé\n', { encoding: 'latin1', bom: false });
    assert.deepEqual(readFileSync(file), Buffer.from([0x74, 0x68, 0xe9, 0x0a]));
    assert.equal(editor.document.getText(), 'thé\n');
    assert.equal(editor.document.encoding, 'iso88591');
  });
});
