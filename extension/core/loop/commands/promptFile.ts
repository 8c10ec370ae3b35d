/**
 * Custom slash commands from `.claude/commands/**\/*.md` and `~/.claude/commands/` (docs/ARCHITECTURE.md,
 * Slash commands and skills), as Claude Code reads them: the file's path names the command (`git/commit.md`
 * is `/git:commit`), the optional front matter gives `description` (else the body's first line),
 * `argument-hint`, `allowed-tools`, `model` and `disable-model-invocation`; the body is the prompt. A file
 * that does not fit becomes a `ConfigProblem` with its line, never an exception.
 */
import type { ConfigProblem } from '../../base/configProblems';
import { FrontMatterError, frontBoolean, frontList, frontString, parseFrontMatter, type FrontMatter } from '../../base/text/frontMatter';
import { firstLineOf, makePromptCommand } from './promptCommand';
import type { PromptCommand } from '../../contracts/commands';

export type PromptFileResult = { ok: true; command: PromptCommand } | { ok: false; problem: ConfigProblem };

/** One name segment: no spaces, colons or slashes, since the user types it after `/`. */
const SEGMENT = /^[^\s:/\\]+$/;

/** `git/commit.md` (relative to the commands folder, either slash) → `git:commit`; undefined when it cannot be typed. */
export function commandNameFromPath(relativePath: string): string | undefined {
  const parts = relativePath.replace(/\.md$/i, '').split(/[\\/]/).filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => SEGMENT.test(p))) return undefined;
  return parts.join(':');
}

/** The fields commands and skills share, read from the front matter (throws FrontMatterError with the line). */
export function commonFields(fm: FrontMatter) {
  const argumentHint = frontString(fm, 'argument-hint');
  const allowedTools = frontList(fm, 'allowed-tools');
  const model = frontString(fm, 'model');
  const disableModelInvocation = frontBoolean(fm, 'disable-model-invocation');
  return {
    ...(argumentHint ? { argumentHint } : {}),
    ...(allowedTools ? { allowedTools } : {}),
    ...(model ? { model } : {}),
    ...(disableModelInvocation ? { disableModelInvocation } : {}),
  };
}

export interface CommandFileInfo {
  /** Absolute, for the problem and `loadedFrom`. */
  path: string;
  /** The file's path inside its commands folder. */
  relativePath: string;
  source: 'user' | 'project' | 'plugin';
  /** A plugin's name: the command is `<namespace>:<name>` (docs/ARCHITECTURE.md, Plugins). */
  namespace?: string;
}

/** One command file's `PromptCommand`, or the problem that names its file and line. */
export function parseCommandFile(text: string, info: CommandFileInfo): PromptFileResult {
  const problem = (line: number, message: string): PromptFileResult => ({ ok: false, problem: { kind: 'command', path: info.path, line, message } });
  const base = commandNameFromPath(info.relativePath);
  const name = base && info.namespace ? `${info.namespace}:${base}` : base;
  if (!name) return problem(0, `"${info.relativePath}" cannot be typed as a command name: rename it without spaces or colons`);
  const parsed = parseFrontMatter(text);
  if (!parsed.ok) return problem(parsed.line, parsed.message);
  const fm = parsed.value;
  const body = fm.body.trim();
  if (body === '') return problem(fm.bodyLine, 'the command has no prompt: write it after the front matter');
  try {
    const description = frontString(fm, 'description') || firstLineOf(body) || name;
    const command = makePromptCommand({ name, description, body, source: info.source, loadedFrom: info.path, ...commonFields(fm) });
    return { ok: true, command };
  } catch (err) {
    if (err instanceof FrontMatterError) return problem(err.line, err.message);
    throw err;
  }
}
