/** Line splitting and `<lineNumber>\t<text>` rendering shared by Read, Write and Edit results. */

/** Longer lines are cut: one minified line must not flood the context. */
export const MAX_LINE_CHARS = 2000;

/**
 * Lines of a written file echoed in the result (Write, and Edit creating a file): enough to confirm, too
 * few to cost much.
 */
export const WRITE_SNIPPET_LINES = 5;

/** The file's lines without their terminators (CR of CRLF removed); a final newline adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

export function truncateLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LINE_CHARS)}… [line truncated: ${line.length} characters]`;
}

/** `<n>\t<text>` per line, numbering from `firstLine`, no padding (Claude Code's shape). */
export function numberLines(lines: readonly string[], firstLine: number): string {
  return lines.map((line, i) => `${firstLine + i}\t${truncateLine(line)}`).join('\n');
}

/**
 * Numbered lines `from`..`to` (1-based, inclusive, clamped) of `text`, with a closing line saying how many
 * follow when the snippet stops before the end.
 */
export function numberedSnippet(text: string, from: number, to: number): string {
  const lines = splitLines(text);
  const start = Math.max(1, from);
  const end = Math.min(lines.length, to);
  if (end < start) return '';
  const body = numberLines(lines.slice(start - 1, end), start);
  const rest = lines.length - end;
  return rest > 0 ? `${body}\n… ${rest} more line${rest === 1 ? '' : 's'}` : body;
}

/** 1-based line of the character at `index`. */
export function lineOfIndex(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
