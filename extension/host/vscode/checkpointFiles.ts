/**
 * Checkpoint file access in VS Code. Reads see an open editor's unsaved text (so a hand edit not yet saved
 * counts as a change the user made, and a rewind never silently discards it); restores go through
 * `workspace.fs`, and VS Code reloads open editors whose file changed on disk.
 */
import * as vscode from 'vscode';
import type { FileReader, FileRestorer } from '../../core/engines/checkpoints/types';

function dirtyDocument(p: string): vscode.TextDocument | undefined {
  const uri = vscode.Uri.file(p).toString();
  return vscode.workspace.textDocuments.find((d) => d.isDirty && d.uri.toString() === uri);
}

export class VsCodeCheckpointFiles implements FileReader, FileRestorer {
  async stat(p: string): Promise<{ type: 'file' | 'directory' | 'other'; size: number } | undefined> {
    const doc = dirtyDocument(p);
    if (doc) return { type: 'file', size: Buffer.byteLength(doc.getText()) };
    try {
      const s = await vscode.workspace.fs.stat(vscode.Uri.file(p));
      const type = s.type & vscode.FileType.Directory ? 'directory' : s.type & vscode.FileType.File ? 'file' : 'other';
      return { type, size: s.size };
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
      throw error;
    }
  }

  async readBytes(p: string): Promise<Uint8Array> {
    const doc = dirtyDocument(p);
    if (doc) return new TextEncoder().encode(doc.getText());
    return vscode.workspace.fs.readFile(vscode.Uri.file(p));
  }

  async writeBytes(p: string, bytes: Uint8Array): Promise<void> {
    await vscode.workspace.fs.writeFile(vscode.Uri.file(p), bytes);
  }

  async remove(p: string): Promise<void> {
    try {
      await vscode.workspace.fs.delete(vscode.Uri.file(p), { useTrash: false });
    } catch (error) {
      if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return;
      throw error;
    }
  }
}
