/**
 * The YAML front matter of Claude Code's Markdown files (agents, slash commands, skills): a `---` block at
 * the top, then the body. Only the subset those files use is read: `key: value` lines (quoted or not),
 * `true`/`false`, inline `[a, b]` lists, `- item` lists, `|`/`>` blocks and indented continuation lines.
 * Errors carry the 1-based line in the file, so a problem can be shown as `path:line: message`; the body's
 * first line is reported too, for errors found later in the body.
 */

/** A value as written: text, a list, or an unquoted `true`/`false`. */
export type FrontValue = string | string[] | boolean;

export interface FrontMatter {
  /** False when the file has no `---` block: `data` is then empty and the body is the whole file. */
  present: boolean;
  data: Record<string, FrontValue>;
  /** The 1-based line of each key, for errors about its value. */
  keyLines: Record<string, number>;
  /** What followed `key:` on its line, as written (for text that merely looks like a list: `[message]`). */
  raw: Record<string, string>;
  body: string;
  /** The 1-based line the body starts on. */
  bodyLine: number;
}

export type FrontMatterResult = { ok: true; value: FrontMatter } | { ok: false; line: number; message: string };

/** A front matter error: the line it is about (1-based, in the file) and what is wrong. */
export class FrontMatterError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

interface Scan {
  data: Record<string, FrontValue>;
  keyLines: Record<string, number>;
  raw: Record<string, string>;
  /** The key whose `- item` lines or block/continuation lines are being read. */
  open?: { key: string; kind: 'list' | 'block' | 'scalar' | 'map'; fold: boolean; lines: string[] };
}

const OPENING = /^\uFEFF?---[ \t]*$/;
const CLOSING = /^---[ \t]*$/;

/** Parses the front matter of `text`; a file without one is fine (`present: false`). */
export function parseFrontMatter(text: string): FrontMatterResult {
  const lines = text.split(/\r?\n/);
  if (!OPENING.test(lines[0] ?? '')) return { ok: true, value: { present: false, data: {}, keyLines: {}, raw: {}, body: text.replace(/^\uFEFF/, ''), bodyLine: 1 } };
  const end = lines.findIndex((l, i) => i > 0 && CLOSING.test(l));
  if (end < 0) return { ok: false, line: 1, message: 'the front matter opened by "---" is never closed: add a "---" line after it' };
  const scan: Scan = { data: {}, keyLines: {}, raw: {} };
  try {
    for (let i = 1; i < end; i++) readLine(scan, lines[i]!, i + 1);
    closeOpen(scan);
  } catch (err) {
    if (err instanceof FrontMatterError) return { ok: false, line: err.line, message: err.message };
    throw err;
  }
  return { ok: true, value: { present: true, data: scan.data, keyLines: scan.keyLines, raw: scan.raw, body: lines.slice(end + 1).join('\n'), bodyLine: end + 2 } };
}

function readLine(scan: Scan, raw: string, lineNo: number): void {
  const open = scan.open;
  if (open?.kind === 'block' && (raw.trim() === '' || /^\s/.test(raw))) {
    open.lines.push(raw);
    return;
  }
  const line = stripComment(raw);
  if (line.trim() === '') return;
  const item = /^\s*-(?:\s+(.*)|\s*)$/.exec(line);
  if (item && open?.kind === 'list') {
    open.lines.push(unquote(item[1] ?? '', lineNo));
    return;
  }
  if (item) throw new FrontMatterError(lineNo, `a "- item" line must follow a "key:" line with nothing after the colon, got "${raw.trim()}"`);
  if (/^\s/.test(line) && open?.kind === 'scalar') {
    open.lines.push(line.trim());
    return;
  }
  if (/^\s/.test(line) && (open?.kind === 'map' || (open?.kind === 'list' && open.lines.length === 0))) {
    // A nested mapping (`metadata:` with indented keys): not part of the subset, so it is skipped, not refused.
    open.kind = 'map';
    return;
  }
  const pair = /^([A-Za-z_][\w.-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
  if (!pair) throw new FrontMatterError(lineNo, `expected "key: value", got "${raw.trim()}"`);
  closeOpen(scan);
  const key = pair[1]!;
  const value = (pair[2] ?? '').trim();
  if (key in scan.keyLines) throw new FrontMatterError(lineNo, `"${key}" is set twice (first on line ${scan.keyLines[key]})`);
  scan.keyLines[key] = lineNo;
  scan.raw[key] = value;
  if (value === '') scan.open = { key, kind: 'list', fold: false, lines: [] };
  else if (/^[|>][-+]?$/.test(value)) scan.open = { key, kind: 'block', fold: value.startsWith('>'), lines: [] };
  else {
    scan.data[key] = scalarOrList(value, lineNo);
    if (typeof scan.data[key] === 'string' && !/^["']/.test(value)) scan.open = { key, kind: 'scalar', fold: true, lines: [] };
  }
}

/** Ends the list, block or continuation being read into the key before. */
function closeOpen(scan: Scan): void {
  const open = scan.open;
  scan.open = undefined;
  if (!open) return;
  if (open.kind === 'map') return;
  if (open.kind === 'list') scan.data[open.key] = open.lines.length > 0 ? open.lines : '';
  else if (open.kind === 'scalar') {
    if (open.lines.length > 0) scan.data[open.key] = [scan.data[open.key] as string, ...open.lines].join(' ');
  } else scan.data[open.key] = blockText(open.lines, open.fold);
}

/** A `|` block keeps its line breaks, a `>` block folds them into spaces; the common indent is removed. */
function blockText(lines: string[], fold: boolean): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  const body = lines.map((l) => l.slice(cut).trimEnd());
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  return fold ? body.join(' ').replace(/ {2,}/g, ' ').trim() : body.join('\n');
}

/** ` # comment` after a value (not inside quotes) and whole-line comments. */
function stripComment(raw: string): string {
  if (/^\s*#/.test(raw)) return '';
  if (!raw.includes('#') || /["']/.test(raw)) return raw;
  return raw.replace(/\s+#.*$/, '');
}

function scalarOrList(value: string, lineNo: number): FrontValue {
  if (value.startsWith('[')) {
    // `[pr-number] [priority]` is a hint, not a list: keep it as text (frontList still splits it).
    if (!value.endsWith(']') || /\]\s*\[/.test(value)) return value;
    return splitCommaList(value.slice(1, -1))
      .map((s) => unquote(s, lineNo))
      .filter((s) => s.length > 0);
  }
  if (value === 'true' || value === 'false') return value === 'true';
  return unquote(value, lineNo);
}

function unquote(value: string, lineNo: number): string {
  const v = value.trim();
  if (v.startsWith('"')) {
    if (v.length < 2 || !v.endsWith('"')) throw new FrontMatterError(lineNo, `the quoted value ${v} has no closing quote`);
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'")) {
    if (v.length < 2 || !v.endsWith("'")) throw new FrontMatterError(lineNo, `the quoted value ${v} has no closing quote`);
    return v.slice(1, -1).replace(/''/g, "'");
  }
  return v;
}

/**
 * A text value, or undefined when the key is absent. An inline `[…]` is taken as written, since Claude Code's
 * files write hints that way (`argument-hint: [message]`); a `- item` list where text belongs is an error.
 */
export function frontString(fm: FrontMatter, key: string): string | undefined {
  const v = fm.data[key];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && fm.raw[key]?.startsWith('[')) return fm.raw[key];
  if (Array.isArray(v)) throw new FrontMatterError(fm.keyLines[key] ?? 1, `"${key}" must be a single value, not a list`);
  return v;
}

/** `true`/`false` (also quoted), or undefined when absent; anything else is an error on the key's line. */
export function frontBoolean(fm: FrontMatter, key: string): boolean | undefined {
  const v = fm.data[key];
  if (v === undefined || typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new FrontMatterError(fm.keyLines[key] ?? 1, `"${key}" must be true or false`);
}

/** A comma list (`Read, Grep`), an inline `[Read, Grep]` or a `- item` list; names trimmed, empties dropped. */
export function frontList(fm: FrontMatter, key: string): string[] | undefined {
  const v = fm.data[key];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') throw new FrontMatterError(fm.keyLines[key] ?? 1, `"${key}" must be a list of names`);
  return (Array.isArray(v) ? v : splitCommaList(v)).map((s) => s.trim()).filter(Boolean);
}

/** Splits on commas outside parentheses, so `Bash(git add:*), Read` stays two entries. */
function splitCommaList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}
