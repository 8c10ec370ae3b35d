/**
 * `--agents '<json>'` (docs/ARCHITECTURE.md, Sub-agents): agent types for one CLI run, in Claude Code's shape
 * `{"name": {"description": "...", "prompt": "...", "tools": [...], "model": "..."}}`.
 */
import { z } from 'zod';
import type { AgentDefinition } from '../../contracts/agents';

const AgentJson = z.strictObject({
  description: z.string({ error: 'a string saying when to use the agent is required' }).min(1, 'say when the agent should be used'),
  prompt: z.string({ error: "the agent's system prompt (a string) is required" }).min(1, "the agent's system prompt is required"),
  tools: z.array(z.string().min(1)).optional(),
  model: z.string().min(1).optional(),
});

const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

const AgentsJson = z.record(z.string(), AgentJson);

/** The definitions the JSON describes, or an error naming the agent and field that is wrong. */
export function parseAgentsJson(text: string): { ok: true; definitions: AgentDefinition[] } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON (${err instanceof Error ? err.message : String(err)}); expected {"name": {"description": "...", "prompt": "..."}}` };
  }
  const badName = value && typeof value === 'object' ? Object.keys(value).find((name) => !NAME.test(name)) : undefined;
  if (badName !== undefined) return { ok: false, error: `${JSON.stringify(badName)}: an agent name is letters, digits, ".", "_" or "-" (at most 64)` };
  const parsed = AgentsJson.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map(String).join('.');
    return { ok: false, error: `${where || 'the value'}: ${issue.message}` };
  }
  const definitions = Object.entries(parsed.data).map(([name, a]): AgentDefinition => ({
    agentType: name,
    whenToUse: a.description,
    systemPrompt: a.prompt,
    ...(a.tools ? { tools: a.tools } : {}),
    ...(a.model ? { model: a.model } : {}),
    source: 'cli',
  }));
  return { ok: true, definitions };
}
