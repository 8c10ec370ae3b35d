/**
 * `.claude/agents/*.md` files (docs/ARCHITECTURE.md, Sub-agents), as Claude Code writes them: YAML front
 * matter with `name`, `description`, `tools` (a comma list or a YAML list) and `model`; the body is the
 * agent's system prompt. Only that subset of YAML is read: `key: value` lines (quoted or not), inline
 * `[a, b]` lists and `- item` lists. A file that does not fit is an error naming the file, never fatal.
 */
import { z } from 'zod';
import type { AgentDefinition, AgentSource } from './types';

export type AgentFileResult = { ok: true; definition: AgentDefinition } | { ok: false; error: string };

const FrontMatter = z.object({
  name: z.string().regex(/^[A-Za-z0-9][\w.-]{0,63}$/, 'letters, digits, ".", "_" or "-", at most 64 characters'),
  description: z.string().min(1, 'say when the agent should be used'),
  tools: z.array(z.string().min(1)).optional(),
  model: z.string().min(1).optional(),
});

type FrontValue = string | string[];

/** Splits `---\n…\n---\nbody`; undefined when the file has no front matter. */
function splitFrontMatter(text: string): { head: string; body: string } | undefined {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  return match ? { head: match[1]!, body: match[2]! } : undefined;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

function inlineList(value: string): string[] {
  return value
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map(unquote)
    .filter((s) => s.length > 0);
}

/** The `key: value` pairs of the front matter; throws with the line that cannot be read. */
function parseHead(head: string): Record<string, FrontValue> {
  const out: Record<string, FrontValue> = {};
  let listKey: string | undefined;
  for (const [i, raw] of head.split(/\r?\n/).entries()) {
    const line = raw.replace(/\s+#.*$/, '');
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s*(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (out[listKey] as string[]).push(unquote(item[1]!));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`front matter line ${i + 2} is not "key: value": ${raw.trim()}`);
    const [, key, value] = pair as unknown as [string, string, string];
    listKey = undefined;
    if (value.trim() === '') {
      out[key] = [];
      listKey = key;
    } else out[key] = value.trim().startsWith('[') ? inlineList(value.trim()) : unquote(value);
  }
  return out;
}

/** `tools: Read, Grep` and `tools: [Read, Grep]` and a YAML list all give the same names. */
function toolList(value: FrontValue | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);
  return names;
}

/** One agent file's definition, or an error that names the file and what is wrong. */
export function parseAgentFile(text: string, path: string, source: Extract<AgentSource, 'user' | 'project'>): AgentFileResult {
  const parts = splitFrontMatter(text);
  if (!parts) return { ok: false, error: `${path}: no front matter: start the file with a "---" block holding name and description.` };
  let head: Record<string, FrontValue>;
  try {
    head = parseHead(parts.head);
  } catch (err) {
    return { ok: false, error: `${path}: ${err instanceof Error ? err.message : String(err)}` };
  }
  const tools = toolList(head.tools);
  const parsed = FrontMatter.safeParse({
    name: typeof head.name === 'string' ? head.name : undefined,
    description: typeof head.description === 'string' ? head.description : undefined,
    ...(tools ? { tools } : {}),
    ...(typeof head.model === 'string' ? { model: head.model } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${path}: ${String(issue.path[0] ?? 'front matter')}: ${issue.message}` };
  }
  const body = parts.body.trim();
  if (!body) return { ok: false, error: `${path}: the body (the agent's system prompt) is empty.` };
  const { name, description, model } = parsed.data;
  return {
    ok: true,
    definition: {
      agentType: name,
      whenToUse: description,
      ...(parsed.data.tools ? { tools: parsed.data.tools } : {}),
      ...(model ? { model } : {}),
      systemPrompt: body,
      source,
      path,
    },
  };
}
