/**
 * "Review changes": VS Code's multi-file diff of every file the session changed, against the session's
 * start; and the diff of one file a Bash command changed, against its content before the command. The
 * originals are served read-only from the checkpoints through a content provider scheme.
 */
import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import type { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';
import { SnapshotOidSchema, type SnapshotChangeView } from '../../protocol/checkpoints';

export const ORIGINAL_SCHEME = 'codewright-original';

/**
 * Read-only originals: `codewright-original:/abs/path?session=<id>` is the file at the session start,
 * `…&oid=<oid>` its content before a Bash command (a blob of the workspace snapshots), `empty=1` an empty document.
 */
class OriginalContent implements vscode.TextDocumentContentProvider {
  /** `find`: the checkpoints of the chat whose current session is the one the uri names (several chats may be open). */
  constructor(private readonly find: (sessionId: string) => SessionCheckpoints | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    if (query.get('empty') === '1') return '';
    const checkpoints = this.find(query.get('session') ?? '');
    const oid = query.get('oid');
    if (oid !== null) return beforeCommand(checkpoints, oid);
    const original = checkpoints ? await checkpoints.original(uri.with({ scheme: 'file', query: '' }).fsPath) : undefined;
    // Not kept (over the size cap, or its copy was lost): say so rather than show an empty "original".
    if (original === undefined) return '(Codewright kept no copy of this file as it was at the session start: it was too large to checkpoint.)\n';
    if (original === 'absent') return '';
    return new TextDecoder().decode(original);
  }
}

/** A file's content before a Bash command, or a sentence saying why it cannot be shown. */
async function beforeCommand(checkpoints: SessionCheckpoints | undefined, oid: string): Promise<string> {
  // The uri may have been typed or kept from an older session: check the oid again before it reaches the store.
  const blob = checkpoints && SnapshotOidSchema.safeParse(oid).success ? await checkpoints.snapshotBlob(oid) : undefined;
  if (blob === undefined) return '(Codewright kept no copy of this file as it was before the command: its snapshot is gone, or snapshots were off.)\n';
  return new TextDecoder().decode(blob);
}

function originalUri(path: string, sessionId: string, extra: { empty?: boolean; oid?: string } = {}): vscode.Uri {
  const query = new URLSearchParams({ session: sessionId, ...(extra.empty ? { empty: '1' } : {}), ...(extra.oid !== undefined ? { oid: extra.oid } : {}) });
  return vscode.Uri.file(path).with({ scheme: ORIGINAL_SCHEME, query: query.toString() });
}

/** Opens the multi-file diff; resolves with how many files it shows (0: an information message instead). */
export async function reviewChanges(checkpoints: SessionCheckpoints, sessionId: string): Promise<number> {
  await checkpoints.refresh();
  const files = checkpoints.changed();
  if (files.length === 0) {
    void vscode.window.showInformationMessage('Codewright: no files changed in this session (ignored files, such as build output and node_modules, are not tracked).');
    return 0;
  }
  const resources = files.map((f) => {
    const file = vscode.Uri.file(f.path);
    return [file, originalUri(f.path, sessionId, { empty: f.created }), f.deleted ? originalUri(f.path, sessionId, { empty: true }) : file] as const;
  });
  await vscode.commands.executeCommand('vscode.changes', `Codewright: ${files.length} ${files.length === 1 ? 'file' : 'files'} changed in this session`, resources);
  return files.length;
}

/**
 * The diff of one file a Bash command changed: its content before the command (nothing, for a file it created)
 * against the file now (nothing, for one it deleted).
 */
export async function openChangeDiff(sessionId: string, change: SnapshotChangeView): Promise<void> {
  // Snapshots name files by absolute path; anything else did not come from one.
  if (!isAbsolute(change.path)) return;
  // The webview's message was parsed already; a forged oid still never reaches the store or the uri.
  const before = change.before !== undefined && SnapshotOidSchema.safeParse(change.before).success ? change.before : '';
  const left = change.change === 'created' ? originalUri(change.path, sessionId, { empty: true }) : originalUri(change.path, sessionId, { oid: before });
  const right = change.change === 'deleted' ? originalUri(change.path, sessionId, { empty: true }) : vscode.Uri.file(change.path);
  const name = change.path.split(/[\\/]/).filter(Boolean).pop() ?? change.path;
  await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (before the command ↔ now)`, { preview: true });
}

export function registerOriginalContent(find: (sessionId: string) => SessionCheckpoints | undefined): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(ORIGINAL_SCHEME, new OriginalContent(find));
}
