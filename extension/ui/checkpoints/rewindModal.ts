/** The rewind confirmation as a VS Code modal: which files change, which were edited by hand, what is not tracked. */
import * as vscode from 'vscode';
import type { RewindAnswer, RewindSummary } from './rewind';

const MAX_LISTED = 15;

function list(paths: readonly string[]): string {
  const shown = paths.slice(0, MAX_LISTED).map((p) => `  • ${vscode.workspace.asRelativePath(p)}`);
  if (paths.length > MAX_LISTED) shown.push(`  … and ${paths.length - MAX_LISTED} more`);
  return shown.join('\n');
}

/** The modal's detail text; exported for tests of the wording. */
export function rewindDetail(s: RewindSummary): string {
  const parts: string[] = [];
  if (s.noCheckpoint) parts.push('No file checkpoint is recorded for this message: only the conversation is rewound.');
  if (s.restore.length) parts.push(`Restored to how they were before this message:\n${list(s.restore)}`);
  if (s.remove.length) parts.push(`Deleted (created after this message):\n${list(s.remove)}`);
  if (s.handEdited.length) {
    parts.push(`Changed after the agent wrote them (by you or a command) — left as they are unless you choose to overwrite them:\n${list(s.handEdited)}`);
  }
  if (s.tooLarge.length) parts.push(`Too large to have been checkpointed — left as they are:\n${list(s.tooLarge)}`);
  if (!s.noCheckpoint && !s.restore.length && !s.remove.length && !s.handEdited.length) parts.push('No files change.');
  parts.push(
    'The conversation continues from before this message in a new session; the current one stays in the session history. ' +
      'Bash commands\' changes to tracked and not-ignored files are undone too; ignored files (build output, node_modules) are not.',
  );
  return parts.join('\n\n');
}

export async function confirmRewindWithModal(s: RewindSummary): Promise<RewindAnswer> {
  const prompt = s.promptText.split('\n')[0]!.slice(0, 80);
  const rewind = 'Rewind';
  const overwrite = `Rewind and Overwrite ${s.handEdited.length} Edited ${s.handEdited.length === 1 ? 'File' : 'Files'}`;
  const choice = await vscode.window.showWarningMessage(
    `Rewind to "${prompt}"?`,
    { modal: true, detail: rewindDetail(s) },
    rewind,
    ...(s.handEdited.length ? [overwrite] : []),
  );
  if (choice !== overwrite) return { proceed: choice !== undefined, overwrite: [] };
  if (s.handEdited.length === 1) return { proceed: true, overwrite: [...s.handEdited] };
  // Several edited files: the user confirms each one to overwrite; Escape cancels the whole rewind.
  const picked = await vscode.window.showQuickPick(
    s.handEdited.map((p) => ({ label: vscode.workspace.asRelativePath(p), description: 'your changes are lost', picked: true, path: p })),
    { canPickMany: true, title: 'Codewright: overwrite which of your edited files?', ignoreFocusOut: true },
  );
  return picked ? { proceed: true, overwrite: picked.map((p) => p.path) } : { proceed: false, overwrite: [] };
}
