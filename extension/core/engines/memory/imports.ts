/**
 * `@path` imports in memory files, as Claude Code reads them: `@` at the start of a line or after
 * whitespace, then a path (`\ ` for a space in it). Relative paths are relative to the importing file,
 * `~/` is the home folder, absolute paths are allowed. Nothing inside a fenced code block or an inline code
 * span counts, and an e-mail address is not an import (its `@` follows a letter, not whitespace).
 */
import path from 'node:path';

/** One `@path` of a memory file. */
export interface ImportRef {
  /** The path as written, unescaped, without a `#fragment` or trailing punctuation. */
  spec: string;
  /** 1-based line number. */
  line: number;
}

const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A sentence may end right after a path: `see @docs/style.md.` */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** The imports of a memory file's text, in the order they appear. */
export function findImports(text: string): ImportRef[] {
  const refs: ImportRef[] = [];
  let fence: { char: string; length: number } | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      // A fence closes on a run of the same character at least as long, with nothing after it.
      if (marker && marker[0] === fence.char && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = { char: marker[0]!, length: marker.length };
      return;
    }
    for (const match of withoutCodeSpans(line).matchAll(IMPORT)) {
      const spec = cleanSpec(match[1]!);
      if (spec !== undefined) refs.push({ spec, line: index + 1 });
    }
  });
  return refs;
}

/** The line with each inline code span (a backtick run up to the next run of the same length) blanked out. */
function withoutCodeSpans(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i];
      i++;
      continue;
    }
    let run = 1;
    while (line[i + run] === '`') run++;
    const ticks = '`'.repeat(run);
    let close = line.indexOf(ticks, i + run);
    // A longer run is not this span's end; look past it.
    while (close !== -1 && line[close + run] === '`') {
      let end = close;
      while (line[end] === '`') end++;
      close = line.indexOf(ticks, end);
    }
    if (close === -1) {
      // No closing run: the backticks are literal text.
      out += ticks;
      i += run;
      continue;
    }
    out += ' '.repeat(close + run - i);
    i = close + run;
  }
  return out;
}

/**
 * The path of one match, or undefined when it is not a path: `@@`, a lone word such as `@alice` (a path
 * without a folder or an extension is far more likely a handle), or nothing left after the cleanup.
 */
function cleanSpec(raw: string): string | undefined {
  let spec = raw.replace(/\\ /g, ' ');
  const hash = spec.indexOf('#');
  if (hash !== -1) spec = spec.slice(0, hash);
  spec = spec.replace(TRAILING_PUNCTUATION, '');
  if (spec === '' || spec === '~' || spec.startsWith('@')) return undefined;
  if (!/^(\.{1,2}\/|~\/|\/|[A-Za-z]:[\\/])/.test(spec) && !/[./\\]/.test(spec)) return undefined;
  return spec;
}

/** The absolute path an import names: relative to the importing file's folder, `~/` to the home folder. */
export function resolveImport(spec: string, importingFile: string, homeDir: string): string {
  if (spec.startsWith('~/')) return path.join(homeDir, spec.slice(2));
  return path.resolve(path.dirname(importingFile), spec);
}
