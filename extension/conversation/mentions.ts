/**
 * `@path` and `@path#L5-10` mentions in a prompt. A mention starts with `@` at the start of the prompt or
 * after whitespace (so `me@example.com` is not one) and runs to the next whitespace; a path with spaces
 * must be quoted: `@"docs/read me.md"#L2-4`. Sentence punctuation after a mention (`see @a.ts.`) is not
 * part of the path. `#L5` is one line, `#L5-10` (or `#L5-L10`) a range.
 */

export interface Mention {
  /** The path as written, relative to the workspace or absolute. */
  path: string;
  startLine?: number;
  endLine?: number;
  /** Where the mention is in the prompt, `@` included. */
  start: number;
  end: number;
}

/** At most this many mentions of one prompt are resolved; the rest stay plain text. */
export const MAX_MENTIONS = 20;

const MENTION = /(^|\s)@(?:"([^"\n]+)"|([^\s"@#]+))(?:#L(\d+)(?:-L?(\d+))?)?/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'`]+$/;

export function parseMentions(text: string): Mention[] {
  const found: Mention[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const quoted = m[2];
    let raw = quoted ?? m[3] ?? '';
    let range = { start: m[4], end: m[5] };
    let length = m[0].length - (m[1] ?? '').length;
    if (quoted === undefined && range.start === undefined) {
      // `see @src/a.ts.` means src/a.ts; a range after the path already ends it cleanly.
      const trail = TRAILING_PUNCTUATION.exec(raw)?.[0] ?? '';
      raw = raw.slice(0, raw.length - trail.length);
      length -= trail.length;
      range = { start: undefined, end: undefined };
    }
    if (!raw) continue;
    const mention: Mention = { path: raw, start: m.index + (m[1] ?? '').length, end: 0 };
    mention.end = mention.start + length;
    const startLine = range.start === undefined ? undefined : Number(range.start);
    if (startLine !== undefined && startLine > 0) {
      mention.startLine = startLine;
      const endLine = range.end === undefined ? startLine : Number(range.end);
      mention.endLine = Math.max(startLine, endLine);
    }
    const key = `${mention.path}#${mention.startLine ?? ''}-${mention.endLine ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(mention);
    if (found.length >= MAX_MENTIONS) break;
  }
  return found;
}

/** The mention as the composer would insert it: quoted when the path has a space. */
export function formatMention(relPath: string, startLine?: number, endLine?: number): string {
  const p = /[\s"]/.test(relPath) ? `"${relPath.replace(/"/g, '')}"` : relPath;
  if (startLine === undefined) return `@${p}`;
  return endLine !== undefined && endLine !== startLine ? `@${p}#L${startLine}-${endLine}` : `@${p}#L${startLine}`;
}
