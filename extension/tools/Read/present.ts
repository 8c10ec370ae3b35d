/** Read in the chat: the file it read and, for text, the lines, so the row links to them. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const ReadOutput = z.object({ type: z.string(), filePath: z.string(), startLine: z.number().optional(), numLines: z.number().optional() });

export function presentRead({ output }: PresentArgs): ToolResultData | undefined {
  const o = ReadOutput.safeParse(output);
  if (!o.success) return undefined;
  const { filePath, startLine, numLines } = o.data;
  if (o.data.type !== 'text' || startLine === undefined || !numLines) return { kind: 'read', filePath };
  return { kind: 'read', filePath, startLine, endLine: startLine + numLines - 1 };
}
