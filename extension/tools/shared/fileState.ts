/**
 * The read-before-write rule: Write and Edit act only on files the model has read in this session, and
 * only while the file still matches that read, so the model never overwrites changes it has not seen.
 */
import type { FileReadState, ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';

/** Why the model's view of a file cannot be trusted, or undefined when it can. */
export function freshnessError(
  context: ToolUseContext,
  absPath: string,
  current: { content: string; mtimeMs: number },
  verb: 'write' | 'edit',
): ToolError | undefined {
  const read = context.readFileState.get(absPath);
  if (!read) {
    return new ToolError('not_read', `File has not been read yet: ${absPath}. Read it first, then ${verb} it.`);
  }
  const fullView = read.isPartialView !== true;
  // A newer mtime with identical content (a touch, a sync tool) is harmless, but only a full read can prove it.
  const touchedOnly = fullView && current.content === read.content;
  const mtimeMoved = current.mtimeMs > read.timestamp && !touchedOnly;
  // Typing into an unsaved editor buffer changes the text without moving the mtime.
  const bufferChanged = fullView && current.content !== read.content;
  if (mtimeMoved || bufferChanged) {
    return new ToolError(
      'stale_read',
      `File has been modified since read, either by the user or by another tool: ${absPath}. Read it again before you ${verb} it.`,
    );
  }
  return undefined;
}

/** What Write and Edit leave behind: the model has now "seen" exactly what it wrote. */
export function recordWrite(context: ToolUseContext, absPath: string, content: string, mtimeMs: number): void {
  const state: FileReadState = { content, timestamp: mtimeMs, isPartialView: false };
  context.readFileState.set(absPath, state);
}
