/**
 * Shows a proposed file change in VS Code's diff editor: the file on disk (or an empty document for a new
 * file) on the left, the proposed text on the right, served read-only from memory.
 */
import * as vscode from 'vscode';
import type { ProposedChange } from '../chat/approvalResponder';

const SCHEME = 'codewright-proposed';

export class ProposedDiffs implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  private next = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.query) ?? '',
    });
  }

  readonly open = async (change: ProposedChange, title: string): Promise<void> => {
    const id = String(++this.next);
    // Only the latest few proposals stay readable; older tabs show empty text rather than leak memory.
    this.texts.set(`after-${id}`, change.after);
    this.texts.set(`before-${id}`, change.before);
    for (const key of [...this.texts.keys()].slice(0, -8)) this.texts.delete(key);
    const name = vscode.Uri.file(change.path);
    const file = await exists(name);
    const left = file ? name : vscode.Uri.from({ scheme: SCHEME, path: change.path, query: `before-${id}` });
    const right = vscode.Uri.from({ scheme: SCHEME, path: change.path, query: `after-${id}` });
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  };

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
