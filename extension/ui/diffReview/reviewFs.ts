/**
 * The in-memory file system behind diff review: `codewright-review:/<id>/original/<name>` (read-only, the
 * file as it is) and `codewright-review:/<id>/proposed/<name>` (writable, the proposal the user may edit).
 * A TextDocumentContentProvider would be read-only; a FileSystemProvider lets VS Code edit and save the
 * proposal like any file, and the extension reads back what the user made of it.
 */
import * as vscode from 'vscode';

export const REVIEW_SCHEME = 'codewright-review';

interface Entry {
  data: Uint8Array;
  mtime: number;
  readonly: boolean;
}

export class ReviewFileSystem implements vscode.FileSystemProvider {
  private readonly files = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  /** Puts a file in place (or replaces it) and returns its URI. */
  put(path: string, text: string, readonly: boolean): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: REVIEW_SCHEME, path });
    const existed = this.files.has(path);
    this.files.set(path, { data: new TextEncoder().encode(text), mtime: Date.now(), readonly });
    this.changed.fire([{ type: existed ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
    return uri;
  }

  /** The saved text of a file (not an unsaved editor buffer). */
  text(uri: vscode.Uri): string | undefined {
    const entry = this.files.get(uri.path);
    return entry && new TextDecoder().decode(entry.data);
  }

  remove(uri: vscode.Uri): void {
    if (this.files.delete(uri.path)) this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.files.get(uri.path);
    if (!entry) {
      // Folders exist implicitly: every prefix of a stored path.
      if ([...this.files.keys()].some((p) => p.startsWith(`${uri.path.replace(/\/$/, '')}/`))) {
        return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
      }
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    return {
      type: vscode.FileType.File,
      ctime: entry.mtime,
      mtime: entry.mtime,
      size: entry.data.byteLength,
      ...(entry.readonly ? { permissions: vscode.FilePermission.Readonly } : {}),
    };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    // Folders are implicit.
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const entry = this.files.get(uri.path);
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry.data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const entry = this.files.get(uri.path);
    // Only a proposal under review can be saved; nothing new appears in this file system from outside.
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    if (entry.readonly) throw vscode.FileSystemError.NoPermissions(uri);
    this.files.set(uri.path, { data: content, mtime: Date.now(), readonly: false });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.files.clear();
    this.changed.dispose();
  }
}
