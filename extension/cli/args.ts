/** Command-line options of the headless CLI, validated with Zod so a typo gets a clear error. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseAgentsJson } from '../core/loop/subagents/agentsJson';
import type { AgentDefinition } from '../core/contracts/agents';
import { EFFORT_LEVELS, type ThinkingSetting } from '../core/engines/models/requestOptions';
import { EXTERNAL_PERMISSION_MODES } from '../core/contracts/permissions';
import { PROVIDER_SETTING_VALUES } from '../llm/providers/select';
import type { CheckedSchema } from '../tools/StructuredOutput/schema';
import { combinationError, parseJsonSchemaFlag, parseSettingSources, parseToolsFlag, type SettingSource } from './argChecks';
import { normalizeArgv } from './argv';
import { compatParseOptions, takeCompatFlags } from './compatFlags';
import { budgetUsd, sessionUuid, thinkingBudget, thinkingFlag, wholeNumber } from './numbers';
import { splitRules } from './rules';

export { splitRules } from './rules';
export { USAGE, USAGE_HINT } from './usage';

const Options = z.strictObject({
  print: z.string().optional(),
  'output-format': z.enum(['text', 'json', 'stream-json']).default('text'),
  'input-format': z.enum(['text', 'stream-json']).default('text'),
  'permission-mode': z.enum(EXTERNAL_PERMISSION_MODES).optional(),
  'dangerously-skip-permissions': z.boolean().default(false),
  model: z.string().min(1).optional(),
  'max-turns': wholeNumber('a positive whole number').optional(),
  'max-tokens': wholeNumber('a positive whole number of tokens').optional(),
  'max-budget-usd': budgetUsd.optional(),
  thinking: thinkingFlag.optional(),
  'max-thinking-tokens': thinkingBudget.optional(),
  effort: z.enum(EFFORT_LEVELS).optional(),
  'fallback-model': z.string().min(1, 'a model id').optional(),
  provider: z.enum(PROVIDER_SETTING_VALUES).default('auto'),
  resume: z.string().regex(/^[\w-]{1,100}$/, 'a session id from --list-sessions').optional(),
  continue: z.boolean().default(false),
  'session-id': sessionUuid.optional(),
  'fork-session': z.boolean().default(false),
  name: z.string().trim().min(1, 'a title for the session').optional(),
  'no-session-persistence': z.boolean().default(false),
  'system-prompt': z.string().optional(),
  'append-system-prompt': z.string().optional(),
  settings: z.string().min(1, 'a file or JSON text').optional(),
  'setting-sources': z.string().optional(),
  'add-dir': z.array(z.string().min(1, 'a directory')).default([]),
  'allow-unsandboxed': z.boolean().default(false),
  tools: z.array(z.string()).optional(),
  allowedTools: z.array(z.string()).default([]),
  'allowed-tools': z.array(z.string()).default([]),
  disallowedTools: z.array(z.string()).default([]),
  'disallowed-tools': z.array(z.string()).default([]),
  'disable-slash-commands': z.boolean().default(false),
  agents: z.string().optional(),
  agent: z.string().trim().min(1, 'an agent type').optional(),
  'json-schema': z.string().optional(),
  'mcp-config': z.array(z.string().min(1, 'a file or JSON text')).default([]),
  'strict-mcp-config': z.boolean().default(false),
  'plugin-dir': z.array(z.string().min(1, 'a plugin folder')).default([]),
  'permission-prompt-tool': z.string().min(1, 'a tool name, or stdio').optional(),
  'include-partial-messages': z.boolean().default(false),
  'replay-user-messages': z.boolean().default(false),
  'include-hook-events': z.boolean().default(false),
  'await-initialize': z.boolean().default(false),
  'initialize-fields': z.string().optional(),
  verbose: z.boolean().default(false),
  debug: z.string().optional(),
  'debug-to-stderr': z.boolean().default(false),
  'debug-file': z.string().min(1, 'a file path').optional(),
  'list-sessions': z.boolean().default(false),
  help: z.boolean().default(false),
});

type ParsedOptions = z.infer<typeof Options>;

export type CliOptions = Omit<ParsedOptions, 'tools' | 'allowedTools' | 'allowed-tools' | 'disallowedTools' | 'disallowed-tools' | 'thinking' | 'max-thinking-tokens' | 'setting-sources'> & {
  /** --thinking or --max-thinking-tokens, as the model settings take it. */
  thinking: ThinkingSetting | undefined;
  /** The rules of --allowedTools / --allowed-tools (every occurrence, split at commas and spaces). */
  allowedTools: string[];
  /** The rules of --disallowedTools / --disallowed-tools. */
  disallowedTools: string[];
  /** `--tools` as given (several values joined with ","); `toolNames` is the checked list. */
  tools: string | undefined;
  /** The agent types `--agents` defined (validated). */
  agentDefinitions: AgentDefinition[];
  /** The tools `--tools` named (checked); undefined offers every tool. */
  toolNames: string[] | undefined;
  /** `--json-schema`, checked: StructuredOutput is offered with it. */
  structuredSchema: CheckedSchema | undefined;
  /**
   * The absolute path of the `--settings` file; undefined when absent or given as JSON text. The seam for
   * loaders of other parts of a settings file (hooks): `flagSettings.ts` reads its permissions.
   */
  settingsFile: string | undefined;
  /** `--mcp-config` values: JSON text as given, files as absolute paths. */
  mcpConfigs: string[];
  /** `--setting-sources`: the settings files that load; undefined loads all three. */
  settingSources: SettingSource[] | undefined;
  /** What to tell the user before the run (flags accepted and ignored). */
  warnings: string[];
  /** No -p and standard input is a terminal: prompts are typed there, one turn each (cli/interactive.ts). */
  interactive: boolean;
};

/** What parsing needs to know of the process: whether standard input is a terminal. */
export interface ParseContext {
  stdinIsTty?: boolean;
}

const BOOLEAN_FLAGS = Object.entries(Options.shape).filter(([, s]) => s instanceof z.ZodDefault && s.unwrap() instanceof z.ZodBoolean).map(([k]) => k);
const MULTIPLE_FLAGS = ['add-dir', 'mcp-config', 'plugin-dir', 'tools', 'allowedTools', 'allowed-tools', 'disallowedTools', 'disallowed-tools'];
const SHORT: Record<string, string> = { print: 'p', continue: 'c', resume: 'r', help: 'h' };

function parseOptions() {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = compatParseOptions();
  for (const name of Object.keys(Options.shape)) {
    options[name] = { type: BOOLEAN_FLAGS.includes(name) ? 'boolean' : 'string', ...(MULTIPLE_FLAGS.includes(name) ? { multiple: true } : {}), ...(SHORT[name] ? { short: SHORT[name] } : {}) };
  }
  return options;
}

/** Flags that take a value as typed (`--model`, `-p`), and those Claude Code takes several words for. */
function argvShape(options: ReturnType<typeof parseOptions>) {
  const takesValue = new Set<string>();
  for (const [name, o] of Object.entries(options)) {
    if (o.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (o.short) takesValue.add(`-${o.short}`);
  }
  const variadic = new Set(['--add-dir', '--mcp-config', '--tools', '--allowedTools', '--allowed-tools', '--disallowedTools', '--disallowed-tools', '--betas', '--plugin-dir']);
  return { takesValue, variadic };
}

/** parseArgs' own errors, said the way the rest of the usage errors are. */
function argvError(err: unknown): string {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  const flag = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${flag ?? message}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /argument missing|ambiguous/.test(message)) {
    return `${flag ?? 'an option'} needs a value (one that starts with "-" goes as ${flag ?? '--flag'}=VALUE)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${flag ?? 'an option'} takes no value`;
  return message;
}

function readArgv(argv: readonly string[]): { ok: true; values: Record<string, unknown>; positionals: string[]; barePrint: boolean } | { ok: false; error: string } {
  const options = parseOptions();
  const normalized = normalizeArgv(argv, argvShape(options));
  try {
    const { values, positionals } = parseArgs({ args: normalized.args, strict: true, allowPositionals: true, options });
    return { ok: true, values, positionals, barePrint: normalized.barePrint };
  } catch (err) {
    return { ok: false, error: argvError(err) };
  }
}

/** `-p` without a prompt takes the positional one, else stdin; a positional anywhere else is an error. */
function withPrompt(values: Record<string, unknown>, positionals: string[], barePrint: boolean): { ok: true } | { ok: false; error: string } {
  const [first, second] = positionals;
  if (first === undefined) {
    if (barePrint) values.print = '-';
    return { ok: true };
  }
  if (!barePrint || second !== undefined) {
    const extra = barePrint ? second : first;
    return { ok: false, error: `unexpected argument ${JSON.stringify(extra)}: give the prompt with -p "PROMPT" (quote it when it has spaces)` };
  }
  values.print = first;
  return { ok: true };
}

export function parseCliArgs(argv: readonly string[], ctx: ParseContext = {}): { ok: true; options: CliOptions } | { ok: false; error: string } {
  try {
    const read = readArgv(argv);
    if (!read.ok) return read;
    const prompt = withPrompt(read.values, read.positionals, read.barePrint);
    if (!prompt.ok) return prompt;
    const compat = takeCompatFlags(read.values);
    if (!compat.ok) return compat;
    const parsed = Options.safeParse(compat.rest);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `--${String(issue?.path[0] ?? '?')}: ${issue?.message ?? 'invalid'}` };
    }
    return finishOptions(parsed.data, compat.warnings, ctx.stdinIsTty === true);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The checks that span flags or look inside one, and the values other modules read. */
function finishOptions(o: ParsedOptions, warnings: string[], tty: boolean): { ok: true; options: CliOptions } | { ok: false; error: string } {
  const interactive = tty && !o.print && o['input-format'] === 'text' && !o.help && !o['list-sessions'];
  const combination = combinationError({ ...o, interactive });
  if (combination) return { ok: false, error: combination };
  const agents = o.agents === undefined ? { ok: true as const, definitions: [] } : parseAgentsJson(o.agents);
  if (!agents.ok) return { ok: false, error: `--agents: ${agents.error}` };
  const tools = o.tools?.join(',');
  const toolNames = parseToolsFlag(tools);
  if (!toolNames.ok) return toolNames;
  const schema = parseJsonSchemaFlag(o['json-schema']);
  if (!schema.ok) return schema;
  const sources = parseSettingSources(o['setting-sources']);
  if (!sources.ok) return sources;
  const settingsFile = o.settings !== undefined && !o.settings.trim().startsWith('{') ? path.resolve(o.settings) : undefined;
  if (o['strict-mcp-config'] && o['mcp-config'].length === 0) return { ok: false, error: '--strict-mcp-config needs at least one --mcp-config' };
  const mcpConfigs = o['mcp-config'].map((v) => (v.trim().startsWith('{') ? v : path.resolve(v)));
  const { allowedTools, 'allowed-tools': allowedKebab, disallowedTools, 'disallowed-tools': disallowedKebab, 'max-thinking-tokens': budget, 'setting-sources': _sources, ...rest } = o;
  return {
    ok: true,
    options: {
      ...rest,
      // Claude Code's --dangerously-skip-permissions wins over --permission-mode.
      ...(o['dangerously-skip-permissions'] ? { 'permission-mode': 'bypassPermissions' as const } : {}),
      thinking: budget ?? o.thinking,
      tools,
      allowedTools: [...allowedTools, ...allowedKebab].flatMap((v) => splitRules(v)),
      disallowedTools: [...disallowedTools, ...disallowedKebab].flatMap((v) => splitRules(v)),
      agentDefinitions: agents.definitions,
      toolNames: toolNames.tools,
      structuredSchema: schema.schema,
      settingsFile,
      mcpConfigs,
      settingSources: sources.sources,
      warnings,
      interactive,
    },
  };
}
