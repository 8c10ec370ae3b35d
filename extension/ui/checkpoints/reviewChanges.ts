/**
 * "Review changes": VS Code's multi-file diff of every file the session changed, against the session's
 * start. The originals are served read-only from the checkpoints through a content provider scheme.
 */
import * as vscode from 'vscode';
import type { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';

export const ORIGINAL_SCHEME = 'codewright-original';

/** Read-only originals: `codewright-original:/abs/path?session=<id>`; `empty=1` is an empty document. */
class OriginalContent implements vscode.TextDocumentContentProvider {
  /** `find`: the checkpoints of the chat whose current session is the one the uri names (several chats may be open). */
  constructor(private readonly find: (sessionId: string) => SessionCheckpoints | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    if (query.get('empty') === '1') return '';
    const checkpoints = this.find(query.get('session') ?? '');
    const original = checkpoints ? await checkpoints.original(uri.with({ scheme: 'file', query: '' }).fsPath) : undefined;
    // Not kept (over the size cap, or its copy was lost): say so rather than show an empty "original".
    if (original === undefined) return '(Codewright kept no copy of this file as it was at the session start: it was too large to checkpoint.)\n';
    if (original === 'absent') return '';
    return new TextDecoder().decode(original);
  }
}

function originalUri(path: string, sessionId: string, empty = false): vscode.Uri {
  return vscode.Uri.file(path).with({ scheme: ORIGINAL_SCHEME, query: new URLSearchParams({ session: sessionId, ...(empty ? { empty: '1' } : {}) }).toString() });
}

/** Opens the multi-file diff; resolves with how many files it shows (0: an information message instead). */
export async function reviewChanges(checkpoints: SessionCheckpoints, sessionId: string): Promise<number> {
  await checkpoints.refresh();
  const files = checkpoints.changed();
  if (files.length === 0) {
    void vscode.window.showInformationMessage('Codewright: no files changed in this session (changes made by Bash commands are not tracked).');
    return 0;
  }
  const resources = files.map((f) => {
    const file = vscode.Uri.file(f.path);
    return [file, originalUri(f.path, sessionId, f.created), f.deleted ? originalUri(f.path, sessionId, true) : file] as const;
  });
  await vscode.commands.executeCommand('vscode.changes', `Codewright: ${files.length} ${files.length === 1 ? 'file' : 'files'} changed in this session`, resources);
  return files.length;
}

export function registerOriginalContent(find: (sessionId: string) => SessionCheckpoints | undefined): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(ORIGINAL_SCHEME, new OriginalContent(find));
}
