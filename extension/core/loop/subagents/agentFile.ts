/**
 * `.claude/agents/*.md` files (docs/ARCHITECTURE.md, Sub-agents), as Claude Code writes them: YAML front
 * matter with `name`, `description`, `tools` (a comma list or a YAML list) and `model`; the body is the
 * agent's system prompt. The front matter is read by core/base/text/frontMatter.ts; a file that does not fit is
 * an error naming the file and line, never fatal.
 */
import { z } from 'zod';
import { FrontMatterError, frontList, frontString, parseFrontMatter, type FrontMatter } from '../../base/text/frontMatter';
import type { AgentDefinition, AgentSource } from '../../contracts/agents';

export type AgentFileResult = { ok: true; definition: AgentDefinition } | { ok: false; error: string };

const AgentHead = z.object({
  name: z.string().regex(/^[A-Za-z0-9][\w.-]{0,63}$/, 'letters, digits, ".", "_" or "-", at most 64 characters'),
  description: z.string().min(1, 'say when the agent should be used'),
  tools: z.array(z.string().min(1)).optional(),
  model: z.string().min(1).optional(),
});

/** The front matter's fields, checked; an error names the key's line. */
function checkHead(fm: FrontMatter): { ok: true; data: z.infer<typeof AgentHead> } | { ok: false; error: string } {
  let fields: Record<string, unknown>;
  try {
    const tools = frontList(fm, 'tools');
    const model = frontString(fm, 'model');
    fields = { name: frontString(fm, 'name'), description: frontString(fm, 'description'), ...(tools ? { tools } : {}), ...(model ? { model } : {}) };
  } catch (err) {
    if (err instanceof FrontMatterError) return { ok: false, error: `line ${err.line}: ${err.message}` };
    throw err;
  }
  const parsed = AgentHead.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? 'front matter');
  const line = fm.keyLines[key];
  return { ok: false, error: `${line ? `line ${line}: ` : ''}${key}: ${issue.message}` };
}

/** One agent file's definition, or an error that names the file and what is wrong. */
export function parseAgentFile(text: string, path: string, source: Extract<AgentSource, 'user' | 'project' | 'plugin'>): AgentFileResult {
  const parsed = parseFrontMatter(text);
  if (!parsed.ok) return { ok: false, error: `${path}: line ${parsed.line}: ${parsed.message}` };
  const fm = parsed.value;
  if (!fm.present) return { ok: false, error: `${path}: no front matter: start the file with a "---" block holding name and description.` };
  const checked = checkHead(fm);
  if (!checked.ok) return { ok: false, error: `${path}: ${checked.error}` };
  const body = fm.body.trim();
  if (!body) return { ok: false, error: `${path}: the body (the agent's system prompt) is empty.` };
  const { name, description, model, tools } = checked.data;
  return {
    ok: true,
    definition: {
      agentType: name,
      whenToUse: description,
      ...(tools ? { tools } : {}),
      ...(model ? { model } : {}),
      systemPrompt: body,
      source,
      path,
    },
  };
}
