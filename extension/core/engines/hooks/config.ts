/**
 * The `hooks` key of a settings file (Claude Code's shape), validated with Zod:
 * `{"hooks": {"PreToolUse": [{"matcher": "Bash|Write", "hooks": [{"type": "command", "command": "...",
 * "timeout": 30}]}]}}`. Each malformed part is a `ConfigProblem` naming the file and line and is skipped on its
 * own: an unknown event skips its list, a bad group (or an invalid matcher) its hooks, a bad hook itself;
 * everything else still applies. Files are read through an injected `readFile`, so this stays pure.
 */
import { z } from 'zod';
import type { ConfigProblem } from '../../base/configProblems';
import { JsonSyntaxError, lineAt, lineOfPath, parseJsonWithPositions, type JsonPath, type PositionedJson } from '../../base/text/jsonPositions';
import { settingsFilePath, type ReadSettingsFile, type SettingsLocations } from '../permissions/settings';
import { compileMatcher } from './matcher';
import { DEFAULT_HOOK_TIMEOUT_SEC, HOOK_EVENTS, type HookCommand, type HookEventName, type HookSource } from '../../contracts/hooks';

const groupSchema = z.object({
  matcher: z.string({ error: 'matcher must be a string (a regular expression on the tool name)' }).optional(),
  hooks: z.array(z.unknown(), { error: 'hooks must be a list of {"type": "command", "command": "..."}' }),
});

const commandHookSchema = z.object({
  type: z.literal('command', { error: 'type must be "command" (the only kind of hook Codewright runs)' }),
  command: z.string({ error: 'command must be a string' }).trim().min(1, 'command cannot be empty'),
  timeout: z.number({ error: 'timeout must be a number of seconds' }).positive('timeout must be more than 0 seconds').max(86_400).optional(),
});

/** Hooks from all the settings files, and what was skipped. */
export interface HooksConfig {
  hooks: HookCommand[];
  problems: ConfigProblem[];
}

interface Where {
  source: HookSource;
  path: string;
  text: string;
  json: PositionedJson;
  problems: ConfigProblem[];
}

function problem(where: Where, at: JsonPath, message: string): void {
  where.problems.push({ kind: 'hook', path: where.path, line: lineOfPath(where.json, where.text, at), message });
}

function issueText(error: z.ZodError, at: JsonPath): string {
  const issue = error.issues[0]!;
  const path = [...at, ...issue.path.filter((k): k is string | number => typeof k !== 'symbol')];
  return `${path.map((p, n) => (typeof p === 'number' ? `[${p}]` : `${n ? '.' : ''}${p}`)).join('')}: ${issue.message}`;
}

function isHookEvent(name: string): name is HookEventName {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

function hooksOfGroup(where: Where, event: HookEventName, group: unknown, at: JsonPath, out: HookCommand[]): void {
  const parsed = groupSchema.safeParse(group);
  if (!parsed.success) return problem(where, at, `${issueText(parsed.error, at)}; this group is skipped`);
  const matcher = parsed.data.matcher ?? '';
  const compiled = compileMatcher(matcher);
  if (!compiled.ok) return problem(where, [...at, 'matcher'], `${at.join('.')}.matcher: ${compiled.error}; this group is skipped`);
  parsed.data.hooks.forEach((entry, n) => {
    const entryAt = [...at, 'hooks', n];
    const hook = commandHookSchema.safeParse(entry);
    if (!hook.success) {
      const issuePath = hook.error.issues[0]?.path.filter((k): k is string | number => typeof k !== 'symbol') ?? [];
      where.problems.push({ kind: 'hook', path: where.path, line: lineOfPath(where.json, where.text, [...entryAt, ...issuePath]), message: `${issueText(hook.error, entryAt)}; this hook is skipped` });
      return;
    }
    out.push({
      event,
      matcher,
      command: hook.data.command,
      timeoutSec: hook.data.timeout ?? DEFAULT_HOOK_TIMEOUT_SEC,
      source: where.source,
      path: where.path,
      line: lineAt(where.text, where.json.offsetOf(entryAt) ?? 0),
    });
  });
}

function hooksOfValue(where: Where, root: unknown): HookCommand[] {
  const out: HookCommand[] = [];
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return out;
  const hooks = (root as Record<string, unknown>).hooks;
  if (hooks === undefined) return out;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    problem(where, ['hooks'], 'hooks must be an object keyed by event name (PreToolUse, PostToolUse, …); no hooks from this file apply');
    return out;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const at = ['hooks', event];
    if (!isHookEvent(event)) {
      problem(where, at, `hooks.${event}: unknown hook event; expected one of ${HOOK_EVENTS.join(', ')}`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problem(where, at, `hooks.${event} must be a list of {"matcher": "...", "hooks": [...]}; skipped`);
      continue;
    }
    groups.forEach((group, n) => hooksOfGroup(where, event, group, [...at, n], out));
  }
  return out;
}

/** Parses the text of one settings file; a file that is not JSON gives one problem and no hooks. */
export function parseHooksSettingsText(text: string, from: { source: HookSource; path: string }): HooksConfig {
  if (text.trim() === '') return { hooks: [], problems: [] };
  let json: PositionedJson;
  try {
    json = parseJsonWithPositions(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return { hooks: [], problems: [{ kind: 'hook', path: from.path, line: lineAt(text, err.offset), message: `not valid JSON: ${err.message}; its hooks are ignored until it is fixed` }] };
  }
  const where: Where = { ...from, text, json, problems: [] };
  return { hooks: hooksOfValue(where, json.value), problems: where.problems };
}

/** One settings file; a missing file gives nothing, an unreadable one a problem at line 0. */
export async function loadHooksFile(file: string, source: HookSource, readFile: ReadSettingsFile): Promise<HooksConfig> {
  let text: string | undefined;
  try {
    text = await readFile(file);
  } catch (err) {
    return { hooks: [], problems: [{ kind: 'hook', path: file, line: 0, message: `cannot be read: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  return text === undefined ? { hooks: [], problems: [] } : parseHooksSettingsText(text, { source, path: file });
}

/**
 * The hooks of the user, project and local settings files (project and local only with a `workspaceRoot`;
 * the VS Code host leaves it out for an untrusted workspace, whose hooks must not run), then those of
 * `extraFiles` (the CLI's `--settings <file>`), in that order.
 */
export async function loadHooksConfig(opts: SettingsLocations & { readFile: ReadSettingsFile; extraFiles?: readonly string[] }): Promise<HooksConfig> {
  const all: HooksConfig = { hooks: [], problems: [] };
  const files: [string, HookSource][] = [];
  for (const source of ['userSettings', 'projectSettings', 'localSettings'] as const) {
    const file = settingsFilePath(source, opts);
    if (file) files.push([file, source]);
  }
  for (const file of opts.extraFiles ?? []) files.push([file, 'cliArg']);
  for (const [file, source] of files) {
    const one = await loadHooksFile(file, source, opts.readFile);
    all.hooks.push(...one.hooks);
    all.problems.push(...one.problems);
  }
  return all;
}

/** A row of the /hooks panel (protocol/panels.ts `HooksPanelSchema`). */
export interface HookPanelEntry {
  event: string;
  matcher?: string;
  command: string;
  /** Seconds. */
  timeout: number;
  source: HookSource;
  path?: string;
}

export function hooksPanelEntries(hooks: readonly HookCommand[]): HookPanelEntry[] {
  return hooks.map((h) => ({
    event: h.event,
    ...(h.matcher ? { matcher: h.matcher } : {}),
    command: h.command.length > 4000 ? `${h.command.slice(0, 3999)}…` : h.command,
    timeout: h.timeoutSec,
    source: h.source,
    path: h.path,
  }));
}
