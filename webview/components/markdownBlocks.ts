/**
 * Splits streaming markdown into top-level blocks so that only the block still being written is parsed
 * again per frame; finished blocks keep their rendered rows. The split is conservative: it happens only
 * at a blank line outside a code fence, before a line that starts at column 0 and cannot continue the
 * block above (not a list item, not indented, not a blockquote, not a table row, not a definition).
 * Joined back with "\n\n", the blocks parse as the whole text does for everything but definitions (a
 * reference-style link's `[id]: url` or a footnote's `[^1]: …`) used from another block: `blocksToRender`
 * keeps such a finished message whole.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CONTINUES = /^(\s|[-*+] |\d{1,9}[.)] |>|\||\[|$)/;

/**
 * The blocks a message renders as: split while it streams; whole when it was opened finished (one parse). A
 * reply that streamed in this view stays split once finished: rendering it whole then would parse the whole
 * text again and rebuild all its DOM in one task, for a long reply the longest task of the stream (issue 13).
 * Only text with definitions, which may be used from another block, is rendered whole once finished.
 */
export function blocksToRender(text: string, streaming: boolean, streamed: boolean): string[] {
  if (streaming) return splitMarkdownBlocks(text);
  // Every definition (`[id]: url`, `[^1]: note`, at any depth: in a list item, a quote) contains "]:"; text
  // that merely looks like one is rendered whole, as before.
  return streamed && !text.includes(']:') ? splitMarkdownBlocks(text) : [text];
}

export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let blank = false;
  for (const line of lines) {
    if (fence !== null) {
      current.push(line);
      const close = FENCE.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length && line.trim() === close[1]) fence = null;
      continue;
    }
    if (line.trim() === '') {
      blank = true;
      current.push(line);
      continue;
    }
    if (blank && current.some((l) => l.trim() !== '') && !CONTINUES.test(line)) {
      blocks.push(trimBlankEnd(current).join('\n'));
      current = [];
    }
    blank = false;
    const open = FENCE.exec(line);
    if (open?.[1]) fence = open[1];
    current.push(line);
  }
  if (current.length) blocks.push(fence === null ? trimBlankEnd(current).join('\n') : current.join('\n'));
  return blocks;
}

function trimBlankEnd(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1]?.trim() === '') end--;
  return lines.slice(0, end);
}
