/** Grep in the chat: each output line as a path (with its line and text in content mode), as links. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';
import { MAX_PATH_ITEMS } from '../shared/present';

const GrepOutput = z.object({ mode: z.string(), lines: z.array(z.string()), cut: z.boolean() });

/** `path:12:text` (a match), `path-12-text` (context), `path:3` (count), or a bare path. */
const GREP_MATCH = /^(.+?):(\d+):(.*)$/;
const GREP_CONTEXT = /^(.+?)-(\d+)-(.*)$/;
const GREP_COUNT = /^(.+):(\d+)$/;

function grepItem(mode: string, line: string): { path: string; line?: number; text?: string } | undefined {
  if (mode === 'content') {
    const m = GREP_MATCH.exec(line) ?? GREP_CONTEXT.exec(line);
    if (m?.[1] && m[2]) return { path: m[1], line: Number(m[2]), text: (m[3] ?? '').slice(0, 2000) };
    // Without -n ripgrep prints `path:text`; the path is still worth a link.
    const colon = line.indexOf(':');
    return colon > 0 ? { path: line.slice(0, colon), text: line.slice(colon + 1, colon + 2001) } : undefined;
  }
  if (mode === 'count') {
    const m = GREP_COUNT.exec(line);
    return m?.[1] ? { path: m[1], text: m[2] } : undefined;
  }
  return line.trim() ? { path: line } : undefined;
}

export function presentGrep({ output }: PresentArgs): ToolResultData | undefined {
  const o = GrepOutput.safeParse(output);
  if (!o.success) return undefined;
  const items = [];
  for (const line of o.data.lines) {
    if (items.length >= MAX_PATH_ITEMS) break;
    const item = grepItem(o.data.mode, line);
    if (item) items.push(item);
  }
  return { kind: 'paths', items, truncated: o.data.cut || o.data.lines.length > MAX_PATH_ITEMS };
}
