/**
 * Grep: ripgrep through the search port. Output modes, flags and result shapes are Claude Code's
 * (docs/TOOLS.md, Grep), so a model trained there pages and filters here the same way.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { defaultSearchRoots } from '../../core/contracts/workingDirectory';
import { resolveToolPath } from '../shared/paths';
import { checkReadAccess, searchDenyFilter } from '../shared/permissions';
import { buildRipgrepArgs, MAX_COLUMNS } from './args';
import { GREP_DESCRIPTION, GREP_GUIDANCE, GREP_PROMPT } from './prompt';
import { contentResult, countResult, filesResult, renderGrep, rgSearchPath, type GrepOutput, type Page } from './results';
import { GREP_TOOL_NAME } from '../../protocol/toolNames';
import { presentGrep } from './present';

export const DEFAULT_HEAD_LIMIT = 250;
/** Content of an unlimited search (head_limit: 0) is cut here, and the note says so. */
const MAX_CONTENT_BYTES = 10 * 1024 * 1024;
/** Path lists and counts must be read whole to sort them; this only guards memory against absurd trees. */
const MAX_LIST_BYTES = 64 * 1024 * 1024;
/**
 * Bound on one content line as rg prints it: the path (at most PATH_MAX), a line number, and the text, which
 * --max-columns caps (in bytes; ×4 in case a version counts characters of up to 4 bytes instead).
 */
const MAX_LINE_BYTES = 4096 + 32 + MAX_COLUMNS * 4;

const count = (what: string) => z.number().int().min(0).optional().describe(what);

const inputSchema = z.strictObject({
  pattern: z.string().min(1).describe('Regular expression to search file contents for (ripgrep syntax)'),
  path: z.string().optional().describe('File or folder to search; defaults to the working directory (every folder of a multi-root workspace)'),
  glob: z.string().optional().describe('Only search files matching this glob, e.g. "*.js" or "*.{ts,tsx}"'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('"files_with_matches" (default), "content" or "count"'),
  '-B': count('Context lines before each match (content mode)'),
  '-A': count('Context lines after each match (content mode)'),
  '-C': count('Context lines before and after each match (content mode)'),
  context: count('Same as -C'),
  '-n': z.boolean().optional().describe('Show line numbers (content mode; default true)'),
  '-i': z.boolean().optional().describe('Case-insensitive search'),
  '-o': z.boolean().optional().describe('Show only the matched part of each line (content mode)'),
  type: z.string().optional().describe('Only search files of this ripgrep type, e.g. "js", "py", "rust"'),
  head_limit: count(`Return at most this many lines or entries (default ${DEFAULT_HEAD_LIMIT}; 0 for no limit)`),
  offset: count('Skip this many lines or entries first (default 0)'),
  multiline: z.boolean().optional().describe('Let patterns span lines and "." match newlines (default false)'),
});

export type GrepInput = z.infer<typeof inputSchema>;
export type { GrepOutput };

/** Exit 2 also covers unreadable files in an otherwise good search; only an empty answer is a failure. */
function ripgrepFailure(stderr: string): ToolError {
  return new ToolError('invalid_input', stderr.trim() || 'ripgrep failed without saying why');
}

export const GrepTool = buildTool({
  name: GREP_TOOL_NAME,
  guidance: GREP_GUIDANCE,
  present: presentGrep,
  searchHint: 'search file contents regex ripgrep rg find text',
  inputSchema,
  // A page of content lines can still be long; beyond this the executor stores it and shows a preview.
  maxResultSizeChars: 20_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  async description() {
    return GREP_DESCRIPTION;
  },
  async prompt() {
    return GREP_PROMPT;
  },
  userFacingName: () => 'Search',
  approvalVerb: () => 'Search for',
  getToolUseSummary: (input) => (input?.pattern ? `"${input.pattern}"${input.path ? ` in ${input.path}` : ''}` : null),
  getActivityDescription: (input) => (input?.pattern ? `Searching for "${input.pattern}"` : 'Searching'),
  toAutoClassifierInput: (input) => `${input.pattern}${input.path ? ` in ${input.path}` : ''}`,

  async checkPermissions(input, context) {
    if (input.path === undefined) {
      // Each default folder is checked; a Read deny rule on one of them denies the call.
      const results = await Promise.all(defaultSearchRoots(context).map((dir) => checkReadAccess(dir, context, { isDirectory: true })));
      return results.find((r) => r.behavior === 'deny') ?? results.find((r) => r.behavior !== 'allow') ?? results[0]!;
    }
    const target = resolveToolPath(input.path, context.cwd);
    const isDirectory = (await context.ports.workspace.stat(target))?.type === 'directory';
    return checkReadAccess(target, context, { isDirectory });
  },

  async validateInput(input, context) {
    if (input.path === undefined) return { result: true };
    const target = resolveToolPath(input.path, context.cwd);
    if (await context.ports.workspace.stat(target)) return { result: true };
    return { result: false, message: `Path does not exist: ${target}. Current working directory: ${context.cwd}.` };
  },

  async call(input, context) {
    const { cwd } = context;
    const mode = input.output_mode ?? 'files_with_matches';
    const page: Page = { offset: input.offset ?? 0, limit: input.head_limit ?? DEFAULT_HEAD_LIMIT };
    const targets = input.path === undefined ? defaultSearchRoots(context) : [resolveToolPath(input.path, cwd)];
    const denied = searchDenyFilter(context);
    // rg prints paths relative to its cwd (or absolute outside it); a rule is checked on the absolute path.
    const hide = denied && ((printed: string) => denied(resolveToolPath(printed, cwd)));
    const args = buildRipgrepArgs(input, targets.map((t) => rgSearchPath(cwd, t)), { nullAfterPath: hide !== undefined });
    // Content lines arrive in rg's order, so a page needs only its first offset+limit+1 lines: stop rg there
    // instead of reading a huge answer the model will never see. The other modes sort, so they read it all.
    const pageBytes = page.limit > 0 ? (page.offset + page.limit + 1) * MAX_LINE_BYTES : MAX_CONTENT_BYTES;
    const signal = context.abortController.signal;
    if (mode === 'files_with_matches') {
      // Each file is stat'ed (for the mtime order) as rg prints it, while rg goes on searching.
      const exclude = denied ? { exclude: denied } : {};
      const listed = await context.ports.search.listFiles(args, { cwd, signal, maxOutputBytes: MAX_LIST_BYTES, ...exclude });
      signal.throwIfAborted();
      if (listed.exitCode === 2 && listed.files.length === 0 && listed.hidden === 0) throw ripgrepFailure(listed.stderr);
      return { data: filesResult(listed, page, cwd) };
    }
    const maxOutputBytes = mode === 'content' ? Math.min(pageBytes, MAX_CONTENT_BYTES) : MAX_LIST_BYTES;
    const rg = await context.ports.search.ripgrep(args, { cwd, signal, maxOutputBytes });
    signal.throwIfAborted();
    if (rg.exitCode === 2 && rg.stdout === '') throw ripgrepFailure(rg.stderr);
    if (mode === 'count') return { data: countResult(rg.stdout, page, hide) };
    return { data: contentResult(rg.stdout, page, rg.truncated, hide && { file: hide, numbered: input['-n'] !== false }) };
  },

  mapToolResultToToolResultBlockParam(output: GrepOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: renderGrep(output) };
  },
});
