/**
 * After an edit in VS Code: the errors and warnings the language server reports for the file that were not
 * there before, so the model sees what it broke. Headless (no LSP port) this is a no-op.
 */
import type { LspDiagnostic } from '../../core/contracts/workspace';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';

const WAIT_MS = 2_500;
const MAX_LISTED = 20;

const key = (d: LspDiagnostic) => `${d.severity}|${d.code ?? ''}|${d.message}`;

/**
 * Diagnostics before the write, to tell new problems from old ones; undefined when the server had not
 * checked the file (then every problem after the edit is listed, and said to be possibly older). Nothing
 * here waits for a server: that would cost every edit of a file no server has looked at yet.
 */
export async function diagnosticsBefore(context: ToolUseContext, path: string): Promise<LspDiagnostic[] | undefined> {
  const lsp = context.ports.lsp;
  if (!lsp?.diagnosticsAfterEdit) return [];
  try {
    return lsp.diagnosticsBeforeEdit ? await lsp.diagnosticsBeforeEdit(path) : await lsp.diagnostics(path);
  } catch {
    return [];
  }
}

/** A `<new-diagnostics>` note for the tool result, or undefined when nothing new appeared. */
export async function newDiagnosticsNote(
  context: ToolUseContext,
  path: string,
  before: readonly LspDiagnostic[] | undefined,
): Promise<string | undefined> {
  const lsp = context.ports.lsp;
  if (!lsp?.diagnosticsAfterEdit) return undefined;
  let after: LspDiagnostic[];
  try {
    after = await lsp.diagnosticsAfterEdit(path, WAIT_MS);
  } catch {
    return undefined;
  }
  // Count old problems by kind, so one remaining copy of an old message is not reported as new.
  const old = new Map<string, number>();
  for (const d of before ?? []) old.set(key(d), (old.get(key(d)) ?? 0) + 1);
  const fresh = after.filter((d) => {
    if (d.severity !== 'error' && d.severity !== 'warning') return false;
    const n = old.get(key(d)) ?? 0;
    if (n > 0) {
      old.set(key(d), n - 1);
      return false;
    }
    return true;
  });
  if (fresh.length === 0) return undefined;
  const lines = fresh
    .slice(0, MAX_LISTED)
    .map((d) => `  line ${d.line}:${d.character} ${d.severity}: ${d.message}${d.code ? ` [${d.source ?? ''}${d.source ? ' ' : ''}${d.code}]` : ''}`);
  const more = fresh.length > MAX_LISTED ? `\n  … and ${fresh.length - MAX_LISTED} more` : '';
  const problems = `${fresh.length}${before ? ' new' : ''} problem${fresh.length === 1 ? '' : 's'}`;
  const unchecked = before ? '' : ' (it had not checked the file before, so some may be older than the change)';
  return `<new-diagnostics>\nThe language server reports ${problems} in this file after the change${unchecked}:\n${lines.join('\n')}${more}\n</new-diagnostics>`;
}
