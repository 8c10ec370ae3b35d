/** A text file's window as Read returns it: numbered lines plus short notes in <system-reminder> tags. */
import { ToolError } from '../../core/contracts/toolErrors';
import { numberLines, splitLines } from '../shared/lines';
import { DEFAULT_LINE_LIMIT } from './constants';

export interface TextWindow {
  content: string;
  startLine: number;
  numLines: number;
  totalLines: number;
  /** Lines outside the window exist: Edit may still act, but staleness can then only be judged by mtime. */
  isPartialView: boolean;
}

const reminder = (text: string) => `<system-reminder>${text}</system-reminder>`;

export function renderTextWindow(
  absPath: string,
  text: string,
  opts: { offset?: number; limit?: number; fromDirtyEditor: boolean; maxTokens?: number },
): TextWindow {
  const lines = splitLines(text);
  const totalLines = lines.length;
  // offset 0 and 1 both mean "from the first line": models send either.
  const startLine = Math.max(1, opts.offset ?? 1);
  if (totalLines === 0) {
    return { content: reminder(`Warning: ${absPath} exists but is empty.`), startLine, numLines: 0, totalLines, isPartialView: false };
  }
  if (startLine > totalLines) {
    const content = reminder(
      `Warning: ${absPath} has only ${totalLines} line${totalLines === 1 ? '' : 's'}, fewer than the offset ${startLine}. Read from an earlier line.`,
    );
    return { content, startLine, numLines: 0, totalLines, isPartialView: true };
  }
  const window = lines.slice(startLine - 1, startLine - 1 + (opts.limit ?? DEFAULT_LINE_LIMIT));
  const endLine = startLine + window.length - 1;
  let content = numberLines(window, startLine);
  if (opts.maxTokens !== undefined) {
    // About four characters per token: close enough to keep one read from crowding out the conversation.
    const tokens = Math.ceil(content.length / 4);
    if (tokens > opts.maxTokens) {
      throw new ToolError(
        'too_large',
        `Lines ${startLine}-${endLine} of ${absPath} come to about ${tokens} tokens, over the ${opts.maxTokens}-token limit for one read. Read fewer lines with offset and limit, or search the file with Grep.`,
      );
    }
  }
  // The model did not ask for a window but got one: tell it the rest exists.
  if (opts.limit === undefined && endLine < totalLines) {
    content += `\n\n${reminder(`Showing lines ${startLine}-${endLine} of ${totalLines}. Use offset and limit to read the rest.`)}`;
  }
  if (opts.fromDirtyEditor) {
    content += `\n\n${reminder('This text comes from an open editor with unsaved changes; the file on disk differs.')}`;
  }
  return { content, startLine, numLines: window.length, totalLines, isPartialView: startLine > 1 || endLine < totalLines };
}
