/** What the tools' chat views (`present`) share: a file change as a diff, and how many paths a list sends. */
import { fileDiff } from '../../core/base/text/diff';
import type { ToolResultData } from '../../protocol/entries';

/** Paths sent at most in a list (Glob, Grep); the text preview has the rest. */
export const MAX_PATH_ITEMS = 200;

export function diffPresentation(filePath: string, before: string, after: string, created: boolean): Extract<ToolResultData, { kind: 'diff' }> | undefined {
  const diff = fileDiff(filePath, before, after, created);
  return diff && { kind: 'diff', ...diff };
}
