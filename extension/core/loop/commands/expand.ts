/**
 * Expands a prompt command's body: `!` shell lines (a line `!git status`, or Claude Code's inline
 * !`git status`) are replaced by the command's output, and `@path` references (`@src/a.ts`,
 * `@"docs/with space.md"`) bring the file's contents after the text. Both go through `CommandContext.runTool`,
 * so the permission engine decides exactly as for a model's Bash or Read call; nothing is run or read
 * around it. What did not run leaves a note in place saying why, so the model and the user can see it.
 * Fenced code blocks and `code spans` are left alone (`@Override`, `!important` in examples), and an
 * `@` inside a word (`a@b.c`) is not a reference.
 */
import path from 'node:path';
import type { CommandContext, CommandToolResult } from '../../contracts/commands';
import type { TextBlock } from '../../base/messages';
import { BASH_TOOL_NAME, READ_TOOL_NAME } from '../../contracts/toolNames';

export interface ExpandOptions {
  /** The command's name, for the description of its Bash calls. */
  commandName: string;
  /** The command's `allowed-tools`, allowed for these calls only. */
  allowedTools: readonly string[];
}

export interface Expanded {
  text: string;
  /** One block per file read through an `@` reference, in order of first mention. */
  files: TextBlock[];
}

/** The parts of a line: inline shell, code span, or `@` reference (only after a space or at the start). */
const TOKEN = /(!`[^`\n]+`)|(`[^`\n]*`)|((?<=^|\s)@(?:"[^"\n]+"|[^\s"`]+))/g;
const SHELL_LINE = /^!(?![[`])\s*(\S.*)$/;
const FENCE = /^\s*(```|~~~)/;
const MAX_NOTE_CHARS = 200;

/** Expands `text` (arguments already substituted); never throws for a denied or failed call. */
export async function expandCommandText(text: string, ctx: CommandContext, opts: ExpandOptions): Promise<Expanded> {
  const state: ExpandState = { ctx, opts, files: [], seen: new Set() };
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced || FENCE.test(line)) {
      out.push(line);
      continue;
    }
    const shell = SHELL_LINE.exec(line);
    out.push(shell ? await runShell(shell[1]!.trim(), state) : await expandLine(line, state));
  }
  return { text: out.join('\n'), files: state.files };
}

interface ExpandState {
  ctx: CommandContext;
  opts: ExpandOptions;
  files: TextBlock[];
  seen: Set<string>;
}

async function expandLine(line: string, state: ExpandState): Promise<string> {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(TOKEN)) {
    out += line.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[1]) out += await runShell(m[1].slice(2, -1).trim(), state);
    else if (m[2]) out += m[2];
    else out += await readReference(m[3]!, state);
  }
  return out + line.slice(last);
}

async function runShell(command: string, state: ExpandState): Promise<string> {
  const result = await call(state, BASH_TOOL_NAME, { command, description: `Run by /${state.opts.commandName}` });
  return result.ok ? result.text.trimEnd() : `[! ${command}: not run — ${reason(result.text)}]`;
}

/** Reads one `@` reference into `files`; the reference stays in the text, or gets a note when not read. */
async function readReference(token: string, state: ExpandState): Promise<string> {
  const { ref, trailing } = splitReference(token);
  if (ref === '') return token;
  const absolute = path.resolve(state.ctx.cwd, ref);
  if (state.seen.has(absolute)) return token;
  state.seen.add(absolute);
  const result = await call(state, READ_TOOL_NAME, { file_path: absolute });
  if (!result.ok) return `@${ref} [not read — ${reason(result.text)}]${trailing}`;
  state.files.push({ type: 'text', text: `Contents of ${ref} (${absolute}):\n${result.text.trimEnd()}` });
  return token;
}

/** `@"a b.md"` → `a b.md`; `@src/a.ts,` → `src/a.ts` and the `,` that ends the sentence. */
function splitReference(token: string): { ref: string; trailing: string } {
  const body = token.slice(1);
  if (body.startsWith('"')) return { ref: body.slice(1, -1), trailing: '' };
  const m = /^(.*?)([.,;:!?)\]]*)$/.exec(body)!;
  return { ref: m[1]!, trailing: m[2]! };
}

async function call(state: ExpandState, name: string, input: Record<string, unknown>): Promise<CommandToolResult> {
  const run = state.ctx.runTool;
  if (!run) return { ok: false, text: 'no tools may run here' };
  try {
    return await run(name, input, { allowedTools: state.opts.allowedTools });
  } catch (err) {
    return { ok: false, text: err instanceof Error ? err.message : String(err) };
  }
}

/** The first line of why a call did not run, short enough to sit inside the prompt. */
function reason(text: string): string {
  const first = text.replace(/<\/?tool_use_error>/g, '').trim().split('\n')[0] ?? '';
  return first.length > MAX_NOTE_CHARS ? `${first.slice(0, MAX_NOTE_CHARS - 1)}…` : first || 'failed';
}
