/**
 * Turns language-server answers into the text the model reads: paths relative to the working directory,
 * 1-based `path:line:character` positions (clickable in terminals and greppable), counts first.
 */
import path from 'node:path';
import type { LspDiagnostic, LspLocation, LspOperation } from '../../core/contracts/workspace';

/** Beyond this many lines the answer is cut: a symbol used everywhere would otherwise flood the context. */
export const MAX_RESULT_LINES = 200;

export function displayPath(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : p;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function formatLocation(loc: LspLocation, cwd: string): string {
  const where = `${displayPath(cwd, loc.path)}:${loc.line}:${loc.character}`;
  const label = loc.label ? `  ${loc.label}${loc.kind ? ` (${loc.kind})` : ''}` : loc.kind ? `  (${loc.kind})` : '';
  return where + label;
}

function byPosition(a: LspLocation, b: LspLocation): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.character - b.character;
}

function capped(lines: string[]): string[] {
  if (lines.length <= MAX_RESULT_LINES) return lines;
  return [...lines.slice(0, MAX_RESULT_LINES), `… and ${lines.length - MAX_RESULT_LINES} more (narrow the query to see them)`];
}

export interface Formatted {
  text: string;
  resultCount: number;
  fileCount: number;
}

/**
 * Formats the locations of one operation. `where` names what was asked about: the position
 * (`src/a.ts:3:5`), the file (documentSymbol) or the query (workspaceSymbol).
 */
export function formatLocations(operation: Exclude<LspOperation, 'hover'>, locations: readonly LspLocation[], cwd: string, where: string): Formatted {
  const fileCount = new Set(locations.map((l) => l.path)).size;
  const n = locations.length;
  // Symbols keep the server's order (document order, or relevance for a query); positions are sorted.
  const ordered = operation === 'documentSymbol' || operation === 'workspaceSymbol' ? locations : [...locations].sort(byPosition);
  const inFiles = fileCount > 1 ? ` in ${plural(fileCount, 'file')}` : fileCount === 1 ? ' in 1 file' : '';
  const heads: Record<typeof operation, [empty: string, found: string]> = {
    goToDefinition: [`No definition found at ${where}.`, `Found ${plural(n, 'definition')}${inFiles}:`],
    goToImplementation: [`No implementations found for the symbol at ${where}.`, `Found ${plural(n, 'implementation')}${inFiles}:`],
    findReferences: [`No references found for the symbol at ${where}.`, `Found ${plural(n, 'reference')}${inFiles}:`],
    documentSymbol: [`No symbols found in ${where}.`, `Found ${plural(n, 'symbol')} in ${where}:`],
    workspaceSymbol: [`No symbols match ${where}.`, `Found ${plural(n, 'symbol')} matching ${where}${inFiles}:`],
    incomingCalls: [`No callers found for the symbol at ${where}.`, `Found ${plural(n, 'incoming call')}${inFiles} (call site, then the calling symbol):`],
    outgoingCalls: [`No outgoing calls found from the symbol at ${where}.`, `Found ${plural(n, 'outgoing call')} (where each callee is defined):`],
  };
  const [empty, found] = heads[operation];
  if (n === 0) return { text: empty, resultCount: 0, fileCount: 0 };
  return { text: [found, ...capped(ordered.map((l) => formatLocation(l, cwd)))].join('\n'), resultCount: n, fileCount };
}

/**
 * Hover markdown without its code fences: the model reads signatures fine as plain lines, and fences with
 * language tags and `---` rules only add noise.
 */
export function hoverToText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !/^\s*(---|\*\*\*|___)\s*$/.test(line))
    .join('\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function formatHover(hover: string | undefined, where: string): Formatted {
  const text = hover ? hoverToText(hover) : '';
  if (!text) return { text: `No hover information at ${where}.`, resultCount: 0, fileCount: 0 };
  return { text, resultCount: 1, fileCount: 1 };
}

const SEVERITY_ORDER: Record<LspDiagnostic['severity'], number> = { error: 0, warning: 1, information: 2, hint: 3 };

function formatDiagnostic(d: LspDiagnostic, cwd: string): string {
  const tag = d.source || d.code ? `  [${[d.source, d.code].filter(Boolean).join(' ')}]` : '';
  // Continuation lines of a multi-line message stay visibly attached to their diagnostic.
  const message = d.message.replace(/\r?\n/g, '\n    ');
  return `${displayPath(cwd, d.path)}:${d.line}:${d.character}  ${d.severity}  ${message}${tag}`;
}

/** Diagnostics grouped by file, errors first within each; `file` is set when one file was asked about. */
export function formatDiagnostics(diagnostics: readonly LspDiagnostic[], cwd: string, file?: string): Formatted {
  if (diagnostics.length === 0) {
    return { text: file ? `No diagnostics for ${displayPath(cwd, file)}.` : 'No diagnostics reported in the workspace.', resultCount: 0, fileCount: 0 };
  }
  const count = (s: LspDiagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const parts = [
    plural(count('error'), 'error'),
    plural(count('warning'), 'warning'),
    ...(count('information') ? [plural(count('information'), 'info message')] : []),
    ...(count('hint') ? [plural(count('hint'), 'hint')] : []),
  ];
  const fileCount = new Set(diagnostics.map((d) => d.path)).size;
  const list = parts.length > 2 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join(' and ');
  const sorted = [...diagnostics].sort(
    (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.line - b.line),
  );
  const head = `Found ${list} in ${plural(fileCount, 'file')}:`;
  return { text: [head, ...capped(sorted.map((d) => formatDiagnostic(d, cwd)))].join('\n'), resultCount: diagnostics.length, fileCount };
}
