/**
 * Glob: file names matching a pattern, through the search port (ripgrep's --files, so .gitignore holds).
 * Result shape is Claude Code's (docs/TOOLS.md, Glob): paths oldest-modified first, capped, a note for the rest.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/messages';
import { buildTool } from '../../core/tool/Tool';
import { displayPath, resolveToolPath } from '../shared/paths';
import { checkReadAccess } from '../shared/permissions';
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
    .describe('Folder to search in; defaults to the working directory. Leave it out rather than passing "undefined" or "null"'),
});

export type GlobInput = z.infer<typeof inputSchema>;

export interface GlobOutput {
  /** Paths relative to the working directory (absolute outside it), oldest modification first. */
  filenames: string[];
  truncated: boolean;
  /** Matches in all, when the search port reports it. */
  total?: number;
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

function target(input: GlobInput, cwd: string): { dir: string; pattern: string } {
  return splitAbsolutePattern(input.pattern) ?? {
    dir: input.path === undefined ? cwd : resolveToolPath(input.path, cwd),
    pattern: input.pattern,
  };
}

/** `total` is optional in SearchPort's glob result: an adapter may not count every match; read it when present. */
function totalOf(result: object): number | undefined {
  return 'total' in result && typeof result.total === 'number' ? result.total : undefined;
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
  getToolUseSummary: (input) => (input?.pattern ? `${input.pattern}${input.path ? ` in ${input.path}` : ''}` : null),
  getActivityDescription: (input) => (input?.pattern ? `Finding ${input.pattern}` : 'Finding files'),
  toAutoClassifierInput: (input) => `${input.pattern}${input.path ? ` in ${input.path}` : ''}`,

  checkPermissions: (input, context) => checkReadAccess(target(input, context.cwd).dir, context, { isDirectory: true }),

  async validateInput(input, context) {
    const { dir } = target(input, context.cwd);
    const stat = await context.ports.workspace.stat(dir);
    if (!stat) return { result: false, message: `Directory does not exist: ${dir}. Current working directory: ${context.cwd}.` };
    if (stat.type !== 'directory') return { result: false, message: `Path is not a directory: ${dir}. Pass a folder as path.` };
    return { result: true };
  },

  async call(input, context) {
    const { dir, pattern } = target(input, context.cwd);
    const limit = context.globLimits.maxResults ?? DEFAULT_GLOB_LIMIT;
    const result = await context.ports.search.glob(pattern, { cwd: dir, limit, signal: context.abortController.signal });
    context.abortController.signal.throwIfAborted();
    const total = totalOf(result);
    const data: GlobOutput = {
      filenames: result.files.map((f) => displayPath(f.path, context.cwd)),
      truncated: result.truncated,
      ...(total !== undefined ? { total } : {}),
    };
    return { data };
  },

  mapToolResultToToolResultBlockParam(output: GlobOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: renderGlob(output) };
  },
});

export function renderGlob(output: GlobOutput): string {
  if (output.filenames.length === 0) return 'No files found';
  if (!output.truncated) return output.filenames.join('\n');
  const shown = output.filenames.length;
  const note =
    output.total !== undefined
      ? `(${(output.total - shown).toLocaleString('en-US')} more of ${output.total.toLocaleString('en-US')} matching files were left out; only the ${shown} least recently modified are listed. Use a more specific path or pattern to see the rest.)`
      : `(More files matched and were left out; only the ${shown} least recently modified are listed. Use a more specific path or pattern to see the rest.)`;
  return [...output.filenames, note].join('\n');
}
