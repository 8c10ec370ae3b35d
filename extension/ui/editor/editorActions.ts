/** The VS Code side of the webview's editor requests: open a file at a line, open a web link, copy text. */
import * as vscode from 'vscode';
import type { Logger } from '../../core/contracts/settings';
import type { EditorActions } from '../chat/chatBridge';
import { externalUrl, resolveOpenPath } from './linkPolicy';

export function createEditorActions(log: Logger): EditorActions {
  return {
    async openFile(raw, line, endLine) {
      const target = await resolveOpenPath(raw, {
        roots: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
        isFile: async (p) => {
          try {
            return (await vscode.workspace.fs.stat(vscode.Uri.file(p))).type === vscode.FileType.File;
          } catch {
            return false;
          }
        },
      });
      if (!target) {
        log.warn(`Not opening ${JSON.stringify(raw.slice(0, 300))}: not a file in the workspace or an existing absolute path.`);
        return;
      }
      const first = line ?? target.line;
      const options: vscode.TextDocumentShowOptions = { preview: true };
      if (first !== undefined) {
        const last = Math.max(first, endLine ?? first);
        options.selection = new vscode.Range(first - 1, 0, last - 1, 0);
      }
      await vscode.window.showTextDocument(vscode.Uri.file(target.path), options);
    },
    async openLink(raw) {
      const url = externalUrl(raw);
      if (!url) {
        log.warn(`Not opening link ${JSON.stringify(raw.slice(0, 300))}: only http and https links open.`);
        return;
      }
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    },
    async copyText(text) {
      await vscode.env.clipboard.writeText(text);
    },
  };
}
