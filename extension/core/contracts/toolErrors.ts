/** Errors tools throw on purpose. The executor turns any thrown error into an `is_error` tool_result. */

export type ToolErrorCode =
  | 'not_found'
  | 'invalid_input'
  | 'permission_denied'
  | 'stale_read'
  | 'not_read'
  | 'no_match'
  | 'ambiguous_match'
  | 'no_op'
  | 'too_large'
  | 'binary'
  | 'timeout'
  | 'unavailable'
  | 'interrupted'
  | 'internal';

export class ToolError extends Error {
  constructor(
    readonly code: ToolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** True for the errors an abort produces (our own, DOM's AbortError, Node's ABORT_ERR). */
export function isAbortError(err: unknown): boolean {
  if (err instanceof ToolError) return err.code === 'interrupted';
  if (!(err instanceof Error)) return false;
  return err.name === 'AbortError' || (err as { code?: unknown }).code === 'ABORT_ERR';
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : JSON.stringify(err);
}

/** Wraps text the way Claude Code marks tool errors, so models trained on it recognise them. */
export function toolUseError(message: string): string {
  return `<tool_use_error>${message}</tool_use_error>`;
}

/** The text without the `<tool_use_error>` tags `toolUseError` adds: what a person reads (the model keeps them). */
export function withoutToolUseErrorTags(text: string): string {
  return text.replace(/<\/?tool_use_error>/g, '').trim();
}

export const INTERRUPTED_MESSAGE = 'Interrupted by user: the tool call was cancelled before it finished.';

/** A call a new user message cancelled (docs/ARCHITECTURE.md, Mid-turn messages); the message follows the results. */
export const NEW_MESSAGE_INTERRUPT_MESSAGE =
  'Interrupted by the user with a new message: the tool call was cancelled before it finished. Read the message after these results and act on it.';
