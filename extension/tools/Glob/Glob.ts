/**
 * Glob: file names matching a pattern, through the search port (ripgrep's --files, so .gitignore holds).
 * Result shape is Claude Code's (docs/TOOLS.md, Glob): paths oldest-modified first, capped, a note for the rest.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { SearchPort } from '../../core/contracts/workspace';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool } from '../../core/contracts/tool';
import { defaultSearchRoots } from '../../core/contracts/workingDirectory';
import { displayPath, resolveToolPath } from '../shared/paths';
import { checkReadAccess, hiddenFilesNote, searchDenyFilter } from '../shared/permissions';
import { GLOB_TOOL_NAME } from '../../protocol/toolNames';
import { DEFAULT_GLOB_LIMIT } from './constants';
import { GLOB_DESCRIPTION, GLOB_GUIDANCE, GLOB_PROMPT } from './prompt';
import { presentGlob } from './present';

export { DEFAULT_GLOB_LIMIT };

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('The glob to match file paths against, e.g. "**/*.ts" or "src/**/test_*.py"'),
  path: z
    .string()
    .optional()
    .describe('Folder to search; default: the working directory (every folder of a multi-root workspace). Omit it, never pass "undefined" or "null"'),
});

export type GlobInput = z.infer<typeof inputSchema>;

export interface GlobOutput {
  /** Paths relative to the working directory (absolute outside it), oldest modification first. */
  filenames: string[];
  truncated: boolean;
  /** Matches in all, when the search port reports it. */
  total?: number;
  /** Matches a `Read` deny rule left out (not in `total`). */
  hidden?: number;
}

const GLOB_CHARS = /[*?[\]{}]/;

/**
 * An absolute pattern ("/repo/src/**\/*.ts") is split into the folder before its first wildcard and the rest,
 * because globs match paths relative to the folder searched.
 */
export function splitAbsolutePattern(pattern: string): { dir: string; pattern: string } | undefined {
  if (!path.isAbsolute(pattern)) return undefined;
  const parts = pattern.split(/[\\/]/);
  const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
  // No wildcard at all: an exact file, matched by name in its folder.
  const cut = firstGlob === -1 ? parts.length - 1 : firstGlob;
  const dir = parts.slice(0, cut).join(path.sep) || path.sep;
  // The leading "/" keeps the rest anchored to that folder ("/repo/*.ts" must not match /repo/src/a.ts).
  return { dir: path.resolve(dir), pattern: `/${parts.slice(cut).join('/')}` };
}

/** The folders to search and the pattern relative to them: an absolute pattern's folder, `path`, or the default roots. */
function target(input: GlobInput, context: ToolUseContext): { dirs: string[]; pattern: string } {
  const absolute = splitAbsolutePattern(input.pattern);
  if (absolute) return { dirs: [absolute.dir], pattern: absolute.pattern };
  const dirs = input.path === undefined ? defaultSearchRoots(context) : [resolveToolPath(input.path, context.cwd)];
  return { dirs, pattern: input.pattern };
}

type GlobFound = Awaited<ReturnType<SearchPort['glob']>>;

/** One folder's answer as is; several folders' merged, oldest modification first, capped at `limit`. */
function mergeGlobResults(results: readonly GlobFound[], limit: number): { files: GlobFound['files']; truncated: boolean; total?: number; hidden: number } {
  const hidden = results.reduce((n, r) => n + (r.hidden ?? 0), 0);
  // `total` is optional in SearchPort's glob result: an adapter may not count every match.
  const totals = results.map((r) => r.total);
  const total = totals.every((t) => t !== undefined) ? totals.reduce((a, b) => a + b, 0) : undefined;
  if (results.length === 1) return { files: results[0]!.files, truncated: results[0]!.truncated, ...(total !== undefined ? { total } : {}), hidden };
  const files = results.flatMap((r) => r.files).sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const truncated = files.length > limit || results.some((r) => r.truncated);
  return { files: files.slice(0, limit), truncated, ...(total !== undefined ? { total } : {}), hidden };
}

export const GlobTool = buildTool({
  name: GLOB_TOOL_NAME,
  guidance: GLOB_GUIDANCE,
  present: presentGlob,
  searchHint: 'find files by name pattern wildcard list',
  inputSchema,
  // Bounded by the result cap: never worth persisting.
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  async description() {
    return GLOB_DESCRIPTION;
  },
  async prompt() {
    return GLOB_PROMPT;
  },
  userFacingName: () => 'Search',
  approvalVerb: () => 'Find files matching',
  getToolUseSummary: (input) => (input?.pattern ? `${input.pattern}${input.path ? ` in ${input.path}` : ''}` : null),
  getActivityDescription: (input) => (input?.pattern ? `Finding ${input.pattern}` : 'Finding files'),
  toAutoClassifierInput: (input) => `${input.pattern}${input.path ? ` in ${input.path}` : ''}`,

  // Each folder searched is checked; a Read deny rule on one of them denies the call.
  async checkPermissions(input, context) {
    const results = await Promise.all(target(input, context).dirs.map((dir) => checkReadAccess(dir, context, { isDirectory: true })));
    return results.find((r) => r.behavior === 'deny') ?? results.find((r) => r.behavior !== 'allow') ?? results[0]!;
  },

  async validateInput(input, context) {
    const [dir] = target(input, context).dirs;
    const stat = await context.ports.workspace.stat(dir!);
    if (!stat) return { result: false, message: `Directory does not exist: ${dir}. Current working directory: ${context.cwd}.` };
    if (stat.type !== 'directory') return { result: false, message: `Path is not a directory: ${dir}. Pass a folder as path.` };
    return { result: true };
  },

  async call(input, context) {
    const { dirs, pattern } = target(input, context);
    const limit = context.globLimits.maxResults ?? DEFAULT_GLOB_LIMIT;
    const exclude = searchDenyFilter(context);
    const opts = { limit, signal: context.abortController.signal, ...(exclude ? { exclude } : {}) };
    const results = await Promise.all(dirs.map((dir) => context.ports.search.glob(pattern, { cwd: dir, ...opts })));
    context.abortController.signal.throwIfAborted();
    const found = mergeGlobResults(results, limit);
    const data: GlobOutput = {
      filenames: found.files.map((f) => displayPath(f.path, context.cwd)),
      truncated: found.truncated,
      ...(found.total !== undefined ? { total: found.total } : {}),
      ...(found.hidden ? { hidden: found.hidden } : {}),
    };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: GlobOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: renderGlob(output) };
  },
});

export function renderGlob(output: GlobOutput): string {
  const hidden = hiddenFilesNote(output.hidden);
  if (output.filenames.length === 0) return ['No files found', ...(hidden ? [hidden] : [])].join('\n');
  if (!output.truncated) return [...output.filenames, ...(hidden ? [hidden] : [])].join('\n');
  const shown = output.filenames.length;
  const note =
    output.total !== undefined
      ? `(${(output.total - shown).toLocaleString('en-US')} more of ${output.total.toLocaleString('en-US')} matching files were left out; only the ${shown} least recently modified are listed. Use a more specific path or pattern to see the rest.)`
      : `(More files matched and were left out; only the ${shown} least recently modified are listed. Use a more specific path or pattern to see the rest.)`;
  return [...output.filenames, note, ...(hidden ? [hidden] : [])].join('\n');
}
