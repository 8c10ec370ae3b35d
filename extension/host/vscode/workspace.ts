/**
 * Workspace in VS Code. Reads prefer an open editor's unsaved buffer, since that is what the user sees.
 * Writes to existing files go through the TextDocument (a WorkspaceEdit, then save), so open editors update
 * and Ctrl+Z undoes the agent's change; whatever a document cannot write byte for byte (a new file, an
 * encoding or BOM VS Code would not keep, mixed line endings it would normalise) is written as bytes.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { FileStat, Workspace } from '../../core/contracts/workspace';
import type { TextFile } from '../../core/base/text/encoding';
import { decodeText, detectLineEnding, encodeText } from '../../core/base/text/encoding';
import { compareNames, resolveRealPath, workspaceErrors } from '../node/workspace';

type EncodingChoice = { encoding: TextFile['encoding']; bom: boolean };

export class VsCodeWorkspace implements Workspace {
  private readonly fixedRoots: readonly string[] | undefined;

  constructor(roots?: string[]) {
    this.fixedRoots = roots && Object.freeze(roots.map((r) => path.resolve(r)));
  }

  /** Given roots, or the live workspace folders (the user can add and remove folders mid-session). */
  get roots(): readonly string[] {
    return this.fixedRoots ?? (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  }

  async stat(p: string): Promise<FileStat | undefined> {
    const uri = fileUri(p);
    try {
      const s = await vscode.workspace.fs.stat(uri);
      return { type: fileType(s.type), size: s.size, mtimeMs: s.mtime };
    } catch (error) {
      if (fsErrorCode(error) === 'FileNotFound' || fsErrorCode(error) === 'FileNotADirectory') return undefined;
      throw translate(error, uri.fsPath, 'file');
    }
  }

  /** The extension host runs where the files are (also for remote workspaces), so Node's fs sees the links. */
  realpath(p: string): Promise<string> {
    return resolveRealPath(fileUri(p).fsPath);
  }

  async readBytes(p: string): Promise<Uint8Array> {
    const uri = fileUri(p);
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      throw translate(error, uri.fsPath, 'file');
    }
  }

  async readText(p: string): Promise<TextFile> {
    const uri = fileUri(p);
    const doc = openDocument(uri);
    if (doc?.isDirty) {
      // A dirty buffer is newer than the disk; the mtime is still the disk's, which is what staleness checks compare.
      const onDisk = await this.stat(uri.fsPath);
      const encoding = fromVsCodeEncoding(doc.encoding) ?? (onDisk ? decodeText(await this.readBytes(uri.fsPath)) : undefined);
      const content = doc.getText();
      return {
        content,
        encoding: encoding?.encoding ?? 'utf8',
        bom: encoding?.bom ?? false,
        lineEnding: doc.eol === vscode.EndOfLine.CRLF ? 'CRLF' : 'LF',
        mtimeMs: onDisk?.mtimeMs ?? 0,
        fromDirtyEditor: true,
      };
    }
    // Stat before reading: if the file changes in between, the mtime is the older one and a later
    // staleness check errs on the side of "changed since read".
    const before = await this.stat(uri.fsPath);
    if (!before) throw workspaceErrors.fileNotFound(uri.fsPath);
    if (before.type === 'directory') throw workspaceErrors.isDirectory(uri.fsPath);
    const decoded = decodeText(await this.readBytes(uri.fsPath));
    return { ...decoded, lineEnding: detectLineEnding(decoded.content), mtimeMs: before.mtimeMs, fromDirtyEditor: false };
  }

  async writeText(p: string, content: string, opts: EncodingChoice): Promise<{ mtimeMs: number }> {
    const uri = fileUri(p);
    // Encode first: a character the encoding cannot hold fails the write before anything changes.
    const bytes = encodeText(content, opts.encoding, opts.bom);
    const existing = await this.stat(uri.fsPath);
    if (existing?.type === 'directory') throw workspaceErrors.isDirectory(uri.fsPath);
    const doc = existing && hasUniformLineEndings(content) ? await this.documentToEdit(uri, opts) : undefined;
    if (doc) await applyAndSave(doc, content);
    else {
      await this.writeBytes(uri, bytes);
      await reloadInEncoding(uri, opts);
    }
    const after = await this.stat(uri.fsPath);
    if (!after) throw workspaceErrors.fileNotFound(uri.fsPath);
    return { mtimeMs: after.mtimeMs };
  }

  async list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]> {
    const uri = fileUri(dir);
    try {
      const entries = await vscode.workspace.fs.readDirectory(uri);
      return entries.map(([name, type]) => ({ name, type: fileType(type) })).sort((a, b) => compareNames(a.name, b.name));
    } catch (error) {
      throw translate(error, uri.fsPath, 'folder');
    }
  }

  /**
   * The document to write through, or undefined when bytes must be written instead: VS Code would save
   * in another encoding or BOM, it cannot open the file as text (binary, too large), or an open, saved
   * buffer no longer matches the disk (saving it would hit VS Code's "file is newer" conflict).
   */
  private async documentToEdit(uri: vscode.Uri, wanted: EncodingChoice): Promise<vscode.TextDocument | undefined> {
    const open = openDocument(uri);
    let doc: vscode.TextDocument;
    try {
      doc = open ?? (await vscode.workspace.openTextDocument(uri));
    } catch {
      return undefined;
    }
    const saved = fromVsCodeEncoding(doc.encoding);
    if (!saved || saved.encoding !== wanted.encoding || saved.bom !== wanted.bom) return undefined;
    if (open && !open.isDirty) {
      const disk = decodeText(await this.readBytes(uri.fsPath)).content;
      const eol = open.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      // VS Code normalises line endings when it loads a file, so compare with the buffer's own.
      if (disk.replace(/\r\n|\r|\n/g, eol) !== open.getText()) return undefined;
    }
    return doc;
  }

  private async writeBytes(uri: vscode.Uri, bytes: Uint8Array): Promise<void> {
    const folder = vscode.Uri.file(path.dirname(uri.fsPath));
    try {
      await vscode.workspace.fs.createDirectory(folder);
    } catch (error) {
      const code = fsErrorCode(error);
      throw code === 'FileExists' || code === 'FileNotADirectory'
        ? workspaceErrors.notDirectory(folder.fsPath)
        : translate(error, folder.fsPath, 'folder');
    }
    try {
      await vscode.workspace.fs.writeFile(uri, bytes);
    } catch (error) {
      throw translate(error, uri.fsPath, 'file');
    }
  }
}

/**
 * Replaces the whole document in one WorkspaceEdit (one undo step, editors update) and saves it. The
 * content carries its line endings; the document gets the same EOL, or VS Code would convert them.
 */
async function applyAndSave(doc: vscode.TextDocument, content: string): Promise<void> {
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  const edits = [vscode.TextEdit.replace(whole, content)];
  const eol = content.includes('\r\n') ? vscode.EndOfLine.CRLF : content.includes('\n') ? vscode.EndOfLine.LF : undefined;
  if (eol !== undefined && eol !== doc.eol) edits.push(vscode.TextEdit.setEndOfLine(eol));
  const edit = new vscode.WorkspaceEdit();
  edit.set(doc.uri, edits);
  if (!(await vscode.workspace.applyEdit(edit))) {
    throw new Error(`VS Code refused the edit to ${doc.uri.fsPath} (is the editor read-only?); nothing was written.`);
  }
  if (!(await doc.save())) {
    throw new Error(
      `VS Code could not save ${doc.uri.fsPath} (it may have changed on disk); the edit is in the open editor, unsaved. Read the file again before editing it.`,
    );
  }
}

/**
 * After a byte write, a saved open document is told the encoding we wrote, which makes VS Code reload it
 * from disk at once. Otherwise it would wait for a file watcher (which can miss a change right after an
 * editor opens) and keep its old encoding, e.g. show a latin1 file as broken UTF-8 and re-add a dropped BOM
 * on the user's next save. An unsaved buffer is the user's: left alone.
 */
async function reloadInEncoding(uri: vscode.Uri, written: EncodingChoice): Promise<void> {
  const open = openDocument(uri);
  const id = toVsCodeEncoding(written);
  if (!open || open.isDirty || open.encoding === id) return;
  // Best effort: the bytes are on disk already, and the user may have started typing meanwhile.
  await vscode.workspace.openTextDocument(uri, { encoding: id }).then(undefined, () => undefined);
}

/** Only LF or only CRLF: a TextDocument holds one EOL, so mixed or lone-CR endings would be rewritten. */
function hasUniformLineEndings(content: string): boolean {
  const crlf = content.includes('\r\n');
  const lf = /(^|[^\r])\n/.test(content);
  const loneCr = /\r(?!\n)/.test(content);
  return !loneCr && !(crlf && lf);
}

/** VS Code's encoding ids that match ours; others (windows1252, shiftjis...) cannot be written through a document. */
const VSCODE_ENCODINGS: readonly [string, EncodingChoice][] = [
  ['utf8', { encoding: 'utf8', bom: false }],
  ['utf8bom', { encoding: 'utf8', bom: true }],
  // VS Code always writes UTF-16 with a BOM.
  ['utf16le', { encoding: 'utf16le', bom: true }],
  ['utf16be', { encoding: 'utf16be', bom: true }],
  ['iso88591', { encoding: 'latin1', bom: false }],
];

function fromVsCodeEncoding(id: string): EncodingChoice | undefined {
  return VSCODE_ENCODINGS.find(([vsId]) => vsId === id)?.[1];
}

function toVsCodeEncoding(choice: EncodingChoice): string {
  const exact = VSCODE_ENCODINGS.find(([, c]) => c.encoding === choice.encoding && c.bom === choice.bom);
  // UTF-16 without a BOM: VS Code can still decode it as UTF-16 (it would add a BOM only when the user saves).
  return (exact ?? VSCODE_ENCODINGS.find(([, c]) => c.encoding === choice.encoding)!)[0];
}

/** The open document for a file; `file` scheme only, since e.g. git: documents share the fsPath. */
function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === uri.fsPath);
}

function fileUri(p: string): vscode.Uri {
  if (!path.isAbsolute(p)) throw workspaceErrors.notAbsolute(p);
  return vscode.Uri.file(path.resolve(p));
}

/** FileType is a bit set: a symlink is SymbolicLink | (what it points at). */
function fileType(type: vscode.FileType): FileStat['type'] {
  if (type & vscode.FileType.Directory) return 'directory';
  if (type & vscode.FileType.File) return 'file';
  return 'other';
}

function fsErrorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function translate(error: unknown, p: string, kind: 'file' | 'folder'): Error {
  switch (fsErrorCode(error)) {
    case 'FileNotFound':
      return kind === 'file' ? workspaceErrors.fileNotFound(p) : workspaceErrors.folderNotFound(p);
    case 'FileIsADirectory':
      return workspaceErrors.isDirectory(p);
    case 'FileNotADirectory':
      return kind === 'file' ? workspaceErrors.fileNotFound(p) : workspaceErrors.notDirectory(p);
    case 'NoPermissions':
      return workspaceErrors.permissionDenied(p);
    default:
      return error instanceof Error ? error : new Error(`${String(error)} (${p})`);
  }
}
