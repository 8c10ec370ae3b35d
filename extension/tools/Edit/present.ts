/** Edit in the chat: the diff of the file it changed, with the file's real line numbers when they can be known. */
import { z } from 'zod';
import { applyEdit } from '../../core/base/text/diff';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';
import { diffPresentation } from '../shared/present';

const EditOutput = z.object({
  filePath: z.string(),
  oldString: z.string(),
  newString: z.string(),
  replaceAll: z.boolean(),
  created: z.boolean(),
  originalFile: z.string(),
});

export function presentEdit({ output }: PresentArgs): ToolResultData | undefined {
  const o = EditOutput.safeParse(output);
  if (!o.success) return undefined;
  const { filePath, originalFile, oldString, newString, replaceAll, created } = o.data;
  const after = applyEdit(originalFile, oldString, newString, replaceAll);
  // When the tool matched loosely (normalised quotes), show the change itself without file line numbers.
  return after === undefined ? diffPresentation(filePath, oldString, newString, created) : diffPresentation(filePath, originalFile, after, created);
}
