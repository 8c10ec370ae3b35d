/**
 * The host half of the per-tool renderers (the webview's `webview/tools/` is the other half): each picks
 * what its renderer needs out of the tool's input and output. Outputs are parsed with Zod, never cast: a
 * tool whose output changes shape simply loses its structured view and falls back to the text preview.
 */
import { z } from 'zod';
import type { ToolResultData } from '../types';
import { applyEdit, fileDiff } from './diff';
import { questionsPresenter } from './questions';

export interface PresenterArgs {
  input: Record<string, unknown>;
  /** The tool's own output (`ToolResult.data`); undefined when the call failed before producing one. */
  output: unknown;
  /** The tool_result text the model saw. */
  text: string;
  isError: boolean;
}

export type Presenter = (args: PresenterArgs) => ToolResultData | undefined;

/** Paths sent at most for Glob/Grep; the text preview has the rest. */
const MAX_PATH_ITEMS = 200;

const EditOutput = z.object({
  filePath: z.string(),
  oldString: z.string(),
  newString: z.string(),
  replaceAll: z.boolean(),
  created: z.boolean(),
  originalFile: z.string(),
});
const WriteOutput = z.object({ type: z.enum(['create', 'update']), filePath: z.string(), content: z.string(), originalFile: z.string().optional() });
const ReadOutput = z.object({ type: z.string(), filePath: z.string(), startLine: z.number().optional(), numLines: z.number().optional() });
const GlobOutput = z.object({ filenames: z.array(z.string()), truncated: z.boolean() });
const GrepOutput = z.object({ mode: z.string(), lines: z.array(z.string()), cut: z.boolean() });
const BashOutput = z.union([
  z.object({ kind: z.literal('completed'), output: z.string(), exitCode: z.number().int() }),
  z.object({ kind: z.literal('background'), taskId: z.string(), outputSoFar: z.string().optional() }),
]);
const BashInput = z.object({ command: z.string() });

const edit: Presenter = ({ output }) => {
  const o = EditOutput.safeParse(output);
  if (!o.success) return undefined;
  const { filePath, originalFile, oldString, newString, replaceAll, created } = o.data;
  const after = applyEdit(originalFile, oldString, newString, replaceAll);
  // When the tool matched loosely (normalised quotes), show the change itself without file line numbers.
  return after === undefined ? fileDiff(filePath, oldString, newString, created) : fileDiff(filePath, originalFile, after, created);
};

const write: Presenter = ({ output }) => {
  const o = WriteOutput.safeParse(output);
  if (!o.success) return undefined;
  return fileDiff(o.data.filePath, o.data.originalFile ?? '', o.data.content, o.data.type === 'create');
};

const read: Presenter = ({ output }) => {
  const o = ReadOutput.safeParse(output);
  if (!o.success) return undefined;
  const { filePath, startLine, numLines } = o.data;
  if (o.data.type !== 'text' || startLine === undefined || !numLines) return { kind: 'read', filePath };
  return { kind: 'read', filePath, startLine, endLine: startLine + numLines - 1 };
};

const glob: Presenter = ({ output }) => {
  const o = GlobOutput.safeParse(output);
  if (!o.success) return undefined;
  const items = o.data.filenames.slice(0, MAX_PATH_ITEMS).map((path) => ({ path }));
  return { kind: 'paths', items, truncated: o.data.truncated || o.data.filenames.length > items.length };
};

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

const grep: Presenter = ({ output }) => {
  const o = GrepOutput.safeParse(output);
  if (!o.success) return undefined;
  const items = [];
  for (const line of o.data.lines) {
    if (items.length >= MAX_PATH_ITEMS) break;
    const item = grepItem(o.data.mode, line);
    if (item) items.push(item);
  }
  return { kind: 'paths', items, truncated: o.data.cut || o.data.lines.length > MAX_PATH_ITEMS };
};

/** `Exit code N` opens a failed command's result (docs/TOOLS.md, Bash). */
const EXIT_LINE = /^Exit code (\d+)\n?/;

const bash: Presenter = ({ input, output, text, isError }) => {
  const command = BashInput.safeParse(input);
  if (!command.success) return undefined;
  const o = BashOutput.safeParse(output);
  if (o.success) {
    const d = o.data;
    return d.kind === 'completed'
      ? { kind: 'bash', command: command.data.command, output: d.output, exitCode: d.exitCode }
      : { kind: 'bash', command: command.data.command, output: d.outputSoFar ?? '', exitCode: null, backgroundTaskId: d.taskId };
  }
  // No output (interrupted, denied): read what the text says.
  const exit = EXIT_LINE.exec(text);
  if (exit) return { kind: 'bash', command: command.data.command, output: text.slice(exit[0].length), exitCode: Number(exit[1]) };
  return { kind: 'bash', command: command.data.command, output: text, exitCode: isError ? null : 0 };
};

/** Keyed by wire name. Tools without an entry (LSP, NotebookEdit, ToolSearch, TodoWrite, MCP) show the text preview. */
export const PRESENTERS: Readonly<Record<string, Presenter>> = {
  Read: read,
  Write: write,
  Edit: edit,
  Glob: glob,
  Grep: grep,
  Bash: bash,
  AskUserQuestion: questionsPresenter,
};
