/**
 * rg output → Grep results: parsing per output mode, paging (head_limit/offset) and the text the model
 * reads. Result shapes follow Claude Code's (docs/TOOLS.md, Grep); the wording is ours.
 */
import path from 'node:path';
import type { ListedFiles } from '../../core/contracts/workspace';
import type { GrepOutputMode } from './args';
import { hiddenFilesNote } from '../shared/permissions';

export interface Page {
  offset: number;
  /** head_limit applied; 0 = none. */
  limit: number;
}

export interface GrepOutput {
  mode: GrepOutputMode;
  /** The lines shown: paths, `path:line:text` lines, or `path:count` entries. */
  lines: string[];
  offset: number;
  /** Results exist past the page shown. */
  cut: boolean;
  /** Files (files_with_matches, count) in all; content mode cannot know it after stopping rg early. */
  totalFiles?: number;
  /** Matching lines over all files (count mode). */
  totalMatches?: number;
  /** Files with matches that a `Read` deny rule left out (not in the totals). */
  hiddenFiles?: number;
}

/** True for a file (as rg printed it) the results must leave out; absent when no rule hides anything. */
export type HideFile = (printedPath: string) => boolean;

/** rg prints `./x` when searching "."; the model gets paths relative to the working directory. */
export function stripDotSlash(line: string): string {
  return line.startsWith('./') || line.startsWith('.\\') ? line.slice(2) : line;
}

function paginate<T>(items: readonly T[], page: Page): { shown: T[]; cut: boolean } {
  const end = page.limit > 0 ? page.offset + page.limit : items.length;
  return { shown: items.slice(page.offset, end), cut: items.length > end };
}

/**
 * files_with_matches: newest modification first (what changed last is most often what matters). `listed` is the
 * search port's answer: absolute paths with mtimes, shown relative to `cwd` when inside it, as rg printed them.
 */
export function filesResult(listed: Pick<ListedFiles, 'files' | 'hidden'>, page: Page, cwd: string): GrepOutput {
  const dir = path.resolve(cwd);
  const inside = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const files = listed.files.map((f) => ({ file: f.path.startsWith(inside) ? f.path.slice(inside.length) : f.path, mtimeMs: f.mtimeMs ?? 0 }));
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const { shown, cut } = paginate(
    files.map((f) => f.file),
    page,
  );
  return { mode: 'files_with_matches', lines: shown, offset: page.offset, cut, totalFiles: files.length, ...hiddenCount(listed.hidden) };
}

/** count: `path\0n` per file from rg; shown as `path:n`, sorted by path so repeated calls read the same. */
export function countResult(stdout: string, page: Page, hide?: HideFile): GrepOutput {
  const entries: { file: string; count: number }[] = [];
  let hidden = 0;
  for (const line of stdout.split('\n')) {
    const nul = line.lastIndexOf('\0');
    if (nul === -1) continue;
    const file = stripDotSlash(line.slice(0, nul));
    if (hide?.(file)) hidden++;
    else entries.push({ file, count: Number(line.slice(nul + 1)) || 0 });
  }
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const { shown, cut } = paginate(entries, page);
  return {
    mode: 'count',
    lines: shown.map((e) => `${e.file}:${e.count}`),
    offset: page.offset,
    cut,
    totalFiles: entries.length,
    totalMatches: entries.reduce((sum, e) => sum + e.count, 0),
    ...hiddenCount(hidden),
  };
}

function hiddenCount(n: number): { hiddenFiles?: number } {
  return n > 0 ? { hiddenFiles: n } : {};
}

/**
 * content: rg's order (files searched in parallel); `truncated` when rg was stopped before the end. With
 * `hide`, rg ran with `--null` (lines are `path\0rest`): lines of hidden files are dropped, the others get
 * rg's usual separator back (`:` on a match line, `-` on a numbered context line).
 */
export function contentResult(stdout: string, page: Page, truncated: boolean, hide?: { file: HideFile; numbered: boolean }): GrepOutput {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const kept = hide ? withoutHidden(lines, hide.file, hide.numbered) : { lines, hidden: 0 };
  const { shown, cut } = paginate(kept.lines.map(stripDotSlash), page);
  return { mode: 'content', lines: shown, offset: page.offset, cut: cut || truncated, ...hiddenCount(kept.hidden) };
}

function withoutHidden(lines: readonly string[], hide: HideFile, numbered: boolean): { lines: string[]; hidden: number } {
  const hiddenFiles = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    const nul = line.indexOf('\0');
    if (nul === -1) {
      // A "--" between context groups: kept only between two kept groups.
      if (out.length > 0 && out.at(-1) !== '--') out.push(line);
      continue;
    }
    const file = stripDotSlash(line.slice(0, nul));
    const rest = line.slice(nul + 1);
    if (hide(file)) hiddenFiles.add(file);
    else out.push(`${line.slice(0, nul)}${numbered && /^\d+-/.test(rest) ? '-' : ':'}${rest}`);
  }
  if (out.at(-1) === '--') out.pop();
  return { lines: out, hidden: hiddenFiles.size };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function pageNote(out: GrepOutput, total: number | undefined, unit: string): string | undefined {
  const next = out.offset + out.lines.length;
  if (out.lines.length === 0 && out.offset > 0) {
    return `(Nothing at offset ${out.offset}${total !== undefined ? `: there are only ${plural(total, unit)}` : ''}.)`;
  }
  if (!out.cut) return undefined;
  const of = total !== undefined ? ` of ${plural(total, unit)}` : ` ${unit}s`;
  return `(Showing ${out.lines.length.toLocaleString('en-US')}${of} from offset ${out.offset}; more results exist: pass offset: ${next} for the next page, or narrow the search.)`;
}

/** The text of the tool_result. */
export function renderGrep(out: GrepOutput): string {
  const hidden = hiddenFilesNote(out.hiddenFiles);
  const text = renderShown(out);
  return hidden ? `${text}\n${hidden}` : text;
}

function renderShown(out: GrepOutput): string {
  if (out.mode === 'files_with_matches') {
    const total = out.totalFiles ?? 0;
    if (total === 0) return 'No files found';
    const note = pageNote(out, total, 'file');
    return [`Found ${plural(total, 'file')}`, ...out.lines, ...(note ? ['', note] : [])].join('\n');
  }
  if (out.mode === 'count') {
    if (!out.totalFiles) return 'No matches found';
    const totals = `Found ${plural(out.totalMatches ?? 0, 'matching line')} in ${plural(out.totalFiles, 'file')}.`;
    const note = pageNote(out, out.totalFiles, 'file');
    return [...out.lines, '', totals, ...(note ? [note] : [])].join('\n');
  }
  if (out.lines.length === 0 && out.offset === 0) return 'No matches found';
  const note = pageNote(out, undefined, 'line');
  return [...out.lines, ...(note ? ['', note] : [])].join('\n');
}

/** The path handed to rg: relative inside the working directory (so rg prints relative paths), else absolute. */
export function rgSearchPath(cwd: string, absolute: string): string {
  const rel = path.relative(cwd, absolute);
  if (rel === '') return '.';
  const outside = rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  return outside ? absolute : rel;
}
