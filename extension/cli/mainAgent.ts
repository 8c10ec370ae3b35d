/**
 * `--agent NAME`: the run's main agent is that agent type (built-in, `.claude/agents/*.md` or `--agents`):
 * its prompt replaces the default system prompt (unless --system-prompt is given), its tools limit the
 * built-in ones (within --tools), its model applies unless --model is given, and a read-only built-in type
 * runs in plan mode as it does as a sub-agent.
 */
import { permissionModeFor } from '../core/loop/subagents/definitions';
import { resolveAgentModel } from '../core/engines/models/models';
import type { AgentDefinition } from '../core/contracts/agents';
import type { CliOptions } from './args';
import { SELECTABLE_TOOL_NAMES } from './argChecks';

/** The definition named `name`, or an error listing the known types. */
export function findMainAgent(name: string, definitions: readonly AgentDefinition[]): { ok: true; agent: AgentDefinition } | { ok: false; error: string } {
  const agent = definitions.find((d) => d.agentType === name);
  if (agent) return { ok: true, agent };
  return { ok: false, error: `--agent: no agent type "${name}"; known types: ${definitions.map((d) => d.agentType).join(', ')} (add one in .claude/agents/ or with --agents)` };
}

/** What the agent changes in the options. */
export function mainAgentOptions(opts: CliOptions, agent: AgentDefinition, env: NodeJS.ProcessEnv = process.env): Partial<CliOptions> {
  // "Bash(git *)" in an agent file's list is the tool Bash; names that are not built-in tools (MCP's) stay with MCP.
  const own = agent.tools?.map((t) => t.split('(')[0]!.trim());
  const limited = own === undefined || own.includes('*') ? undefined : own.filter((n) => SELECTABLE_TOOL_NAMES.includes(n));
  const toolNames = limited === undefined ? opts.toolNames : (opts.toolNames ?? limited).filter((n) => limited.includes(n));
  const model = opts.model ? undefined : resolveAgentModel(agent.model, env.CODEWRIGHT_MODEL ?? '');
  const mode = opts['permission-mode'] || permissionModeFor(agent) !== 'plan' ? undefined : ('plan' as const);
  return {
    toolNames,
    ...(agent.systemPrompt && opts['system-prompt'] === undefined ? { 'system-prompt': agent.systemPrompt } : {}),
    ...(model ? { model } : {}),
    ...(mode ? { 'permission-mode': mode } : {}),
  };
}
