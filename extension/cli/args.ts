/** Command-line options of the headless CLI, validated with Zod so a typo gets a clear error. */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseAgentsJson } from '../core/agents/agentsJson';
import type { AgentDefinition } from '../core/agents/types';
import { EXTERNAL_PERMISSION_MODES } from '../core/permissions/types';

export const USAGE = `Usage: codewright -p "PROMPT" [options]

  -p, --print PROMPT         Run one turn headless and print the result ("-" reads stdin)
  --output-format FORMAT     text (default) | json | stream-json
  --permission-mode MODE     ${EXTERNAL_PERMISSION_MODES.join(' | ')}
  --model MODEL              Model id (default: $CODEWRIGHT_MODEL or claude-sonnet-5-5)
  --max-turns N              Stop after N tool rounds
  --max-tokens N             max_tokens of each request (default 8192)
  --resume ID                Continue a stored session
  --allowedTools RULES       Rules that run without asking, e.g. "ToolSearch,Bash(npm run test:*)"
  --disallowedTools RULES    Rules that are always denied
  --agents JSON              Agent types for this run: {"name": {"description": "...", "prompt": "...", "tools": [...], "model": "..."}}
  --list-sessions            List this folder's sessions and exit
  -h, --help                 Show this help

Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL. The working directory is the workspace.`;

const Options = z.strictObject({
  print: z.string().optional(),
  'output-format': z.enum(['text', 'json', 'stream-json']).default('text'),
  'permission-mode': z.enum(EXTERNAL_PERMISSION_MODES).optional(),
  model: z.string().min(1).optional(),
  'max-turns': z.coerce.number().int().positive().optional(),
  'max-tokens': z.coerce.number().int().positive().default(8192),
  resume: z.string().regex(/^[\w-]{1,100}$/, 'a session id from --list-sessions').optional(),
  allowedTools: z.string().optional(),
  disallowedTools: z.string().optional(),
  agents: z.string().optional(),
  'list-sessions': z.boolean().default(false),
  help: z.boolean().default(false),
});
export type CliOptions = z.infer<typeof Options> & {
  /** The agent types `--agents` defined (validated). */
  agentDefinitions: AgentDefinition[];
};

export function parseCliArgs(argv: readonly string[]): { ok: true; options: CliOptions } | { ok: false; error: string } {
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        print: { type: 'string', short: 'p' },
        'output-format': { type: 'string' },
        'permission-mode': { type: 'string' },
        model: { type: 'string' },
        'max-turns': { type: 'string' },
        'max-tokens': { type: 'string' },
        resume: { type: 'string' },
        allowedTools: { type: 'string' },
        disallowedTools: { type: 'string' },
        agents: { type: 'string' },
        'list-sessions': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const parsed = Options.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, error: `--${String(issue?.path[0] ?? '?')}: ${issue?.message ?? 'invalid'}` };
    }
    if (!parsed.data.print && !parsed.data['list-sessions'] && !parsed.data.help) {
      return { ok: false, error: 'a prompt is required: -p "PROMPT"' };
    }
    const agents = parsed.data.agents === undefined ? { ok: true as const, definitions: [] } : parseAgentsJson(parsed.data.agents);
    if (!agents.ok) return { ok: false, error: `--agents: ${agents.error}` };
    return { ok: true, options: { ...parsed.data, agentDefinitions: agents.definitions } };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** "A,B(x y),C" → ["A", "B(x y)", "C"]: commas and spaces separate rules, but not inside parentheses. */
export function splitRules(list: string | undefined): string[] {
  if (!list) return [];
  const rules: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ' ')) {
      if (current.trim()) rules.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) rules.push(current.trim());
  return rules;
}
