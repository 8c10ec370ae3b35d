/**
 * Checks of the CLI options that look at more than one flag or at a flag's contents (docs/ARCHITECTURE.md,
 * The headless CLI): which combinations make sense, the `--tools` list and the `--json-schema` schema. Pure:
 * files and folders (`--settings`, `--add-dir`) are checked where the run starts (`flagSettings.ts`, `dirs.ts`).
 */
import { BUILTIN_TOOL_NAMES, STRUCTURED_OUTPUT_TOOL_NAME } from '../protocol/toolNames';
import { parseJsonSchemaText, type CheckedSchema } from '../tools/StructuredOutput/schema';
import { splitRules } from './rules';

/** The names `--tools` accepts: every built-in tool but StructuredOutput, which `--json-schema` brings. */
export const SELECTABLE_TOOL_NAMES: readonly string[] = BUILTIN_TOOL_NAMES.filter((n) => n !== STRUCTURED_OUTPUT_TOOL_NAME);

/**
 * `--tools`: undefined (flag absent, or "default") offers every tool; "" offers none; otherwise the named
 * ones, each of which must exist.
 */
export function parseToolsFlag(value: string | undefined): { ok: true; tools: string[] | undefined } | { ok: false; error: string } {
  if (value === undefined || value.trim() === 'default') return { ok: true, tools: undefined };
  const names = splitRules(value);
  const unknown = names.filter((n) => !SELECTABLE_TOOL_NAMES.includes(n));
  if (unknown.length) {
    return { ok: false, error: `--tools: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}; known tools: ${SELECTABLE_TOOL_NAMES.join(', ')}` };
  }
  return { ok: true, tools: [...new Set(names)] };
}

export function parseJsonSchemaFlag(value: string | undefined): { ok: true; schema: CheckedSchema | undefined } | { ok: false; error: string } {
  if (value === undefined) return { ok: true, schema: undefined };
  const parsed = parseJsonSchemaText(value);
  return parsed.ok ? parsed : { ok: false, error: `--json-schema: ${parsed.error}` };
}

/** The settings files `--setting-sources` can name. */
export const SETTING_SOURCES = ['user', 'project', 'local'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** `--setting-sources user,project,local`: undefined (absent) loads all, "" none. */
export function parseSettingSources(value: string | undefined): { ok: true; sources: SettingSource[] | undefined } | { ok: false; error: string } {
  if (value === undefined) return { ok: true, sources: undefined };
  const names = value.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SETTING_SOURCES as readonly string[]).includes(n));
  if (unknown.length) return { ok: false, error: `--setting-sources: unknown source ${unknown.map((n) => `"${n}"`).join(', ')}; expected a comma-separated list of ${SETTING_SOURCES.join(', ')} ("" for none)` };
  return { ok: true, sources: [...new Set(names as SettingSource[])] };
}

interface Combination {
  print?: string | undefined;
  resume?: string | undefined;
  continue: boolean;
  'session-id'?: string | undefined;
  'fork-session': boolean;
  'input-format': 'text' | 'stream-json';
  'output-format': 'text' | 'json' | 'stream-json';
  'list-sessions': boolean;
  help: boolean;
  /** Standard input is a terminal: without -p the CLI takes prompts there, one per line (cli/interactive.ts). */
  interactive?: boolean;
}

/** An error for flags that do not go together, or a missing prompt; undefined when all is well. */
export function combinationError(o: Combination): string | undefined {
  if (o.help || o['list-sessions']) return undefined;
  if (o.continue && o.resume) return '--continue and --resume cannot be used together: --continue takes the most recent session';
  if (o['session-id'] && (o.continue || o.resume) && !o['fork-session']) {
    return '--session-id with --resume or --continue needs --fork-session: a resumed session keeps its own id';
  }
  if (o['input-format'] === 'stream-json') {
    if (o['output-format'] !== 'stream-json') return '--input-format stream-json requires --output-format stream-json';
    if (o.print !== undefined) return '--input-format stream-json reads the prompts from stdin: leave out -p';
    return undefined;
  }
  if (!o.print && !(o.interactive && o['output-format'] === 'text')) return 'a prompt is required: -p "PROMPT"';
  return undefined;
}
