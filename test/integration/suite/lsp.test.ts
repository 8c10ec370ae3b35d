/**
 * VsCodeLsp against VS Code's built-in TypeScript support, on a temporary copy of test/fixtures/ts-project
 * (outside the opened folder, as the user's files often are; the copy lets the test add a broken file).
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ToolResultBlock } from '../../../extension/core/base/messages';
import type { LspLocation } from '../../../extension/core/contracts/workspace';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { VsCodeLsp } from '../../../extension/host/vscode/lsp';
import { VsCodeWorkspace } from '../../../extension/host/vscode/workspace';
import { EditTool } from '../../../extension/tools/Edit/Edit';
import { LspTool } from '../../../extension/tools/LSP/LSP';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { allowAll, assistantWith, makeContext, toolUse } from '../../unit/tool/fixtures';

/** The extension under test; its folder is the repository, where the fixtures live. */
const EXTENSION_ID = 'codewright.codewright';

/** 1-based position of the `nth` occurrence of `word` on 1-based `line` of `file`. */
function posOf(file: string, line: number, word: string, nth = 1): { line: number; character: number } {
  const text = readFileSync(file, 'utf8').split('\n')[line - 1] ?? '';
  let i = -1;
  for (let k = 0; k < nth; k++) i = text.indexOf(word, i + 1);
  assert.ok(i >= 0, `"${word}" not on line ${line} of ${file}`);
  return { line, character: i + 1 };
}

const brief = (locs: readonly LspLocation[] | undefined) => (locs ?? []).map((l) => `${path.basename(l.path)}:${l.line}${l.label ? ` ${l.label}` : ''}`);

describe('VsCodeLsp with the TypeScript server of a real VS Code', function () {
  this.timeout(120_000);
  // Patient after edits: a loaded machine may take seconds to report, and these tests wait for the report.
  const lsp = new VsCodeLsp({ loadingTimeoutMs: 60_000, settle: { firstReportMs: 30_000, capMs: 30_000 } });
  let dir: string;
  let greeter: string;
  let main: string;
  let broken: string;

  before(async function () {
    this.timeout(120_000);
    const repo = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    dir = mkdtempSync(path.join(tmpdir(), 'codewright-ts-'));
    cpSync(path.join(repo, 'test/fixtures/ts-project'), dir, { recursive: true });
    greeter = path.join(dir, 'src/greeter.ts');
    main = path.join(dir, 'src/main.ts');
    broken = path.join(dir, 'src/broken.ts');
    writeFileSync(broken, "export const count: number = 'three';\n");
    writeFileSync(path.join(dir, 'notes.txt'), 'greet someone\n');
    // The server loads the project in the background; until then hover says "(loading...)".
    const uri = vscode.Uri.file(main);
    await vscode.workspace.openTextDocument(uri);
    const at = posOf(main, 4, 'greet');
    const pos = new vscode.Position(at.line - 1, at.character - 1);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos);
      const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      if (text.includes('greet') && !text.includes('(loading')) break;
      if (Date.now() > deadline) throw new Error(`TypeScript did not load the project in 90 s (hover: ${text || 'empty'})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  it('goes to the definition in another file, 1-based', async () => {
    const r = await lsp.query('goToDefinition', { path: main, ...posOf(main, 4, 'greet') });
    assert.deepEqual(r?.locations?.map((l) => [path.basename(l.path), l.line, l.character]), [['greeter.ts', 13, 17]]);
  });

  it('finds the references in both files', async () => {
    const r = await lsp.query('findReferences', { path: greeter, ...posOf(greeter, 13, 'greet') });
    assert.deepEqual(brief(r?.locations).sort(), ['greeter.ts:13', 'main.ts:1', 'main.ts:4']);
  });

  it('answers hover with the signature and the doc comment', async () => {
    const r = await lsp.query('hover', { path: greeter, ...posOf(greeter, 13, 'greet') });
    assert.match(r?.hover ?? '', /function greet\(name: string\): string/);
    assert.match(r?.hover ?? '', /Says hello/);
  });

  it('lists document symbols with nesting and kinds', async () => {
    const r = await lsp.query('documentSymbol', { path: greeter });
    const symbols = (r?.locations ?? []).map((l) => `${l.label} ${l.kind} ${l.line}`);
    for (const s of ['Greeter interface 2', 'PoliteGreeter class 6', 'PoliteGreeter.greet method 7', 'greet function 13']) {
      assert.ok(symbols.includes(s), `missing ${s} in ${symbols.join(', ')}`);
    }
  });

  it('finds workspace symbols by name', async () => {
    const r = await lsp.query('workspaceSymbol', { query: 'PoliteGreeter' });
    assert.ok(brief(r?.locations).some((s) => s.startsWith('greeter.ts:6 PoliteGreeter')), brief(r?.locations).join(', '));
  });

  it('goes from an interface to its implementation', async () => {
    const r = await lsp.query('goToImplementation', { path: greeter, ...posOf(greeter, 2, 'Greeter') });
    assert.deepEqual(brief(r?.locations), ['greeter.ts:6']);
  });

  it('lists incoming calls by call site and calling function', async () => {
    const r = await lsp.query('incomingCalls', { path: greeter, ...posOf(greeter, 13, 'greet') });
    assert.deepEqual(brief(r?.locations), ['main.ts:4 welcome']);
    assert.equal(r?.locations?.[0]?.character, posOf(main, 4, 'greet').character);
  });

  it('lists outgoing calls at the callees', async () => {
    const r = await lsp.query('outgoingCalls', { path: main, ...posOf(main, 7, 'run') });
    const calls = brief(r?.locations);
    assert.ok(calls.includes('main.ts:3 welcome'), calls.join(', '));
    // `greeter` is typed as the interface, so the call resolves to Greeter.greet.
    assert.ok(calls.includes('greeter.ts:3 greet'), calls.join(', '));
  });

  it('reports the type error of a file', async () => {
    const diags = await lsp.diagnostics(broken);
    assert.deepEqual(
      diags.map((d) => [path.basename(d.path), d.line, d.severity, d.code]),
      [['broken.ts', 1, 'error', '2322']],
    );
    assert.match(diags[0]!.message, /not assignable to type 'number'/);
    assert.ok((await lsp.diagnostics()).some((d) => d.path === broken), 'workspace-wide diagnostics include the broken file');
  });

  it('waits for fresh diagnostics after an edit, and sees them clear once it is undone', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(main));
    const original = doc.getText();
    const at = posOf(main, 4, 'greet(n)');
    const range = new vscode.Range(at.line - 1, at.character - 1 + 'greet('.length, at.line - 1, at.character + 'greet('.length);
    const breakIt = new vscode.WorkspaceEdit();
    breakIt.replace(doc.uri, range, '42');
    assert.ok(await vscode.workspace.applyEdit(breakIt));
    try {
      const diags = await lsp.diagnosticsAfterEdit(main, 15_000);
      assert.deepEqual(
        diags.map((d) => [d.line, d.severity, d.code]),
        [[4, 'error', '2345']],
      );
    } finally {
      const restore = new vscode.WorkspaceEdit();
      restore.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
      assert.ok(await vscode.workspace.applyEdit(restore));
      await doc.save();
    }
    assert.deepEqual(await lsp.diagnosticsAfterEdit(main, 15_000), []);
    assert.equal(readFileSync(main, 'utf8'), original);
  });

  it('says no server covers a plain-text file', async () => {
    const txt = path.join(dir, 'notes.txt');
    assert.equal(await lsp.query('hover', { path: txt, line: 1, character: 1 }), undefined);
    const started = Date.now();
    assert.deepEqual(await lsp.diagnostics(txt), []);
    assert.ok(Date.now() - started < 2_000, 'does not wait for diagnostics nobody will report');
  });

  it('answers after an edit of a file no server serves without waiting or showing it', async () => {
    const txt = path.join(dir, 'unserved.txt');
    writeFileSync(txt, 'before\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(txt));
    assert.equal(doc.languageId, 'plaintext');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, 0, 'before'.length), 'after');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    // Told to wait an hour for a report: only not waiting at all lets this resolve before the test's timeout.
    const hour = 3_600_000;
    const patient = new VsCodeLsp({ settle: { firstReportMs: hour, quietMs: hour, capMs: hour } });
    assert.deepEqual(await patient.diagnosticsBeforeEdit(txt), undefined);
    assert.deepEqual(await patient.diagnosticsAfterEdit(txt, hour), []);
    const shown = vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputText && t.input.uri.fsPath === txt);
    assert.equal(shown, false, 'a file no server checks is not shown for checking');
  });

  it("puts the error a TypeScript edit makes into the Edit tool's result", async () => {
    const file = path.join(dir, 'src/edited.ts');
    writeFileSync(file, 'export const total: number = 1;\n');
    // Shown, as a file the user has open: the server checks it, so the problems before the edit are known.
    await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false, preserveFocus: true });
    const search = { ripgrep: () => Promise.reject(new Error('unused')), listFiles: () => Promise.reject(new Error('unused')), glob: () => Promise.reject(new Error('unused')) };
    const context = makeContext([ReadTool, EditTool], {
      cwd: dir,
      ports: { storage: new NodeSessionStorage(dir), workspace: new VsCodeWorkspace([dir]), search, lsp },
    });
    const run = async (name: string, input: Record<string, unknown>) => {
      const block = toolUse(name, input);
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
      return String((outcome.result as ToolResultBlock).content);
    };
    await run('Read', { file_path: file });
    const result = await run('Edit', { file_path: file, old_string: '= 1;', new_string: "= 'one';" });
    assert.match(result, /has been updated/);
    assert.match(result, /<new-diagnostics>\nThe language server reports 1 new problem in this file after the change:\n {2}line 1:14 error: Type 'string' is not assignable to type 'number'\. \[ts 2322\]\n<\/new-diagnostics>/);
    assert.equal(readFileSync(file, 'utf8'), "export const total: number = 'one';\n");
  });

  it('lets the LSP tool answer in relative paths and 1-based positions', async () => {
    const search = { ripgrep: () => Promise.reject(new Error('unused')), listFiles: () => Promise.reject(new Error('unused')), glob: () => Promise.reject(new Error('unused')) };
    const context = makeContext([LspTool], {
      cwd: dir,
      ports: { storage: new NodeSessionStorage(dir), workspace: new NodeWorkspace([dir]), search, lsp },
    });
    const ask = async (input: Record<string, unknown>) => {
      const block = toolUse('LSP', input);
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
      return String((outcome.result as ToolResultBlock).content);
    };
    const call = posOf(main, 4, 'greet');
    const imported = posOf(main, 1, 'greet');
    assert.equal(
      await ask({ operation: 'findReferences', file_path: greeter, ...posOf(greeter, 13, 'greet') }),
      ['Found 3 references in 2 files:', 'src/greeter.ts:13:17', `src/main.ts:1:${imported.character}`, `src/main.ts:4:${call.character}`].join('\n'),
    );
    assert.match(
      await ask({ operation: 'diagnostics', file_path: 'src/broken.ts' }),
      /^Found 1 error and 0 warnings in 1 file:\nsrc\/broken\.ts:1:14 {2}error {2}Type 'string' is not assignable to type 'number'\. {2}\[ts 2322\]$/,
    );
    assert.equal(await ask({ operation: 'hover', file_path: 'notes.txt', line: 1, character: 1 }), 'No language server is available for notes.txt.');
  });
});
