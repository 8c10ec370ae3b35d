/** Command-line options of the headless CLI, validated with Zod so a typo gets a clear error. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseAgentsJson } from '../core/agents/agentsJson';
import type { AgentDefinition } from '../core/agents/types';
import { EFFORT_LEVELS, parseThinkingSetting } from '../core/models/requestOptions';
import { EXTERNAL_PERMISSION_MODES } from '../core/permissions/types';
import { PROVIDER_SETTING_VALUES } from '../llm/providers/select';
import type { CheckedSchema } from '../tools/StructuredOutput/schema';
import { combinationError, parseJsonSchemaFlag, parseToolsFlag } from './argChecks';

export { splitRules } from './rules';

export const USAGE = `Usage: codewright -p "PROMPT" [options]
       codewright --input-format stream-json --output-format stream-json [options] < messages.jsonl

  -p, --print PROMPT             Run one turn headless and print the result ("-" reads stdin)
  --output-format FORMAT         text (default) | json | stream-json
  --input-format FORMAT          text (default) | stream-json: one JSON user message a line on stdin,
                                 {"type":"user","message":{"role":"user","content":"..."}}, each a turn
  --permission-mode MODE         ${EXTERNAL_PERMISSION_MODES.join(' | ')}
  --model MODEL                  Model id (default: $CODEWRIGHT_MODEL or claude-sonnet-5-5)
  --max-turns N                  Stop after N tool rounds
  --max-tokens N                 max_tokens of each request (default: the model's output limit)
  --thinking on|off|N            Extended thinking: on (default: adaptive where the model offers it,
                                 else a budget), off, or a budget of N tokens (N >= 1024)
  --effort low|medium|high       Effort of each reply, for models that take it (default: the model's)
  --fallback-model MODEL         Switch to MODEL for the rest of a turn when the model is overloaded
                                 (three 529 answers in a row within one request's retries)
  --provider NAME                auto (default) | anthropic | bedrock | vertex | foundry; auto follows
                                 CLAUDE_CODE_USE_BEDROCK / _VERTEX / _FOUNDRY, else the Anthropic API
  --resume ID                    Continue a stored session
  -c, --continue                 Continue the most recent session of this folder
  --system-prompt TEXT           Replace the default system prompt (identity and tool guidance)
  --append-system-prompt TEXT    Append text to the system prompt
  --settings FILE|JSON           An extra settings file (or JSON text) over the .claude ones
  --add-dir DIR                  Another directory the tools may work in (repeatable)
  --allow-unsandboxed            Run Bash unsandboxed when the sandbox setting is on but the sandbox
                                 cannot run here (bubblewrap missing); without it such commands fail
  --tools LIST                   Only these built-in tools, e.g. "Bash,Read" ("" = none, "default" = all)
  --allowedTools RULES           Rules that run without asking, e.g. "ToolSearch,Bash(npm run test:*)"
  --disallowedTools RULES        Rules that are always denied
  --agents JSON                  Agent types for this run: {"name": {"description": "...", "prompt": "...", "tools": [...], "model": "..."}}
  --mcp-config FILE|JSON         MCP servers ({"mcpServers": {...}} as in .mcp.json) for this run (repeatable)
  --strict-mcp-config            Only the --mcp-config servers (not ~/.claude.json, .mcp.json)
  --json-schema SCHEMA           Require a final answer matching this JSON Schema (an object schema);
                                 the output is that JSON (json formats: the "structured_output" field)
  --verbose                      Print tool activity to stderr (text and json output)
  --list-sessions                List this folder's sessions and exit
  -h, --help                     Show this help

Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; on Bedrock, Vertex AI or Foundry their variables instead
(AWS_REGION, CLOUD_ML_REGION, ANTHROPIC_VERTEX_PROJECT_ID, ANTHROPIC_FOUNDRY_RESOURCE, … see the README).
The working directory is the workspace.`;

const Options = z.strictObject({
  print: z.string().optional(),
  'output-format': z.enum(['text', 'json', 'stream-json']).default('text'),
  'input-format': z.enum(['text', 'stream-json']).default('text'),
  'permission-mode': z.enum(EXTERNAL_PERMISSION_MODES).optional(),
  model: z.string().min(1).optional(),
  'max-turns': z.coerce.number().int().positive().optional(),
  'max-tokens': z.coerce.number().int().positive().optional(),
  thinking: z
    .string()
    .refine((v) => parseThinkingSetting(v) !== undefined, 'on, off, or a budget of at least 1024 tokens')
    .transform((v) => parseThinkingSetting(v) ?? 'on')
    .optional(),
  effort: z.enum(EFFORT_LEVELS).optional(),
  'fallback-model': z.string().min(1, 'a model id').optional(),
  provider: z.enum(PROVIDER_SETTING_VALUES).default('auto'),
  resume: z.string().regex(/^[\w-]{1,100}$/, 'a session id from --list-sessions').optional(),
  continue: z.boolean().default(false),
  'system-prompt': z.string().optional(),
  'append-system-prompt': z.string().optional(),
  settings: z.string().min(1, 'a file or JSON text').optional(),
  'add-dir': z.array(z.string().min(1, 'a directory')).default([]),
  'allow-unsandboxed': z.boolean().default(false),
  tools: z.string().optional(),
  allowedTools: z.string().optional(),
  disallowedTools: z.string().optional(),
  agents: z.string().optional(),
  'json-schema': z.string().optional(),
  'mcp-config': z.array(z.string().min(1, 'a file or JSON text')).default([]),
  'strict-mcp-config': z.boolean().default(false),
  verbose: z.boolean().default(false),
  'list-sessions': z.boolean().default(false),
  help: z.boolean().default(false),
});
export type CliOptions = z.infer<typeof Options> & {
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
};

const STRING_FLAGS = ['output-format', 'input-format', 'permission-mode', 'model', 'max-turns', 'max-tokens', 'thinking', 'effort', 'resume', 'system-prompt', 'append-system-prompt', 'settings', 'tools', 'allowedTools', 'disallowedTools', 'agents', 'json-schema', 'fallback-model', 'provider'] as const;

function readArgv(argv: readonly string[]) {
  const strings = Object.fromEntries(STRING_FLAGS.map((f) => [f, { type: 'string' as const }]));
  return parseArgs({
    args: [...argv],
    strict: true,
    options: {
      ...strings,
      print: { type: 'string', short: 'p' },
      continue: { type: 'boolean', short: 'c' },
      'add-dir': { type: 'string', multiple: true },
      'mcp-config': { type: 'string', multiple: true },
      'strict-mcp-config': { type: 'boolean' },
      'allow-unsandboxed': { type: 'boolean' },
      verbose: { type: 'boolean' },
      'list-sessions': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}

export function parseCliArgs(argv: readonly string[]): { ok: true; options: CliOptions } | { ok: false; error: string } {
  try {
    const parsed = Options.safeParse(readArgv(argv));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `--${String(issue?.path[0] ?? '?')}: ${issue?.message ?? 'invalid'}` };
    }
    const o = parsed.data;
    const combination = combinationError(o);
    if (combination) return { ok: false, error: combination };
    const agents = o.agents === undefined ? { ok: true as const, definitions: [] } : parseAgentsJson(o.agents);
    if (!agents.ok) return { ok: false, error: `--agents: ${agents.error}` };
    const tools = parseToolsFlag(o.tools);
    if (!tools.ok) return tools;
    const schema = parseJsonSchemaFlag(o['json-schema']);
    if (!schema.ok) return schema;
    const settingsFile = o.settings !== undefined && !o.settings.trim().startsWith('{') ? path.resolve(o.settings) : undefined;
    if (o['strict-mcp-config'] && o['mcp-config'].length === 0) return { ok: false, error: '--strict-mcp-config needs at least one --mcp-config' };
    const mcpConfigs = o['mcp-config'].map((v) => (v.trim().startsWith('{') ? v : path.resolve(v)));
    return { ok: true, options: { ...o, agentDefinitions: agents.definitions, toolNames: tools.tools, structuredSchema: schema.schema, settingsFile, mcpConfigs } };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
