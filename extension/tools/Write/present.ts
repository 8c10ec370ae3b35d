/** Write in the chat: the diff against the file it replaced, or the whole new file. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';
import { diffPresentation } from '../shared/present';

const WriteOutput = z.object({ type: z.enum(['create', 'update']), filePath: z.string(), content: z.string(), originalFile: z.string().optional() });

export function presentWrite({ output }: PresentArgs): ToolResultData | undefined {
  const o = WriteOutput.safeParse(output);
  if (!o.success) return undefined;
  return diffPresentation(o.data.filePath, o.data.originalFile ?? '', o.data.content, o.data.type === 'create');
}
