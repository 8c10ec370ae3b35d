/**
 * Reads agent types from `<cwd>/.claude/agents/*.md` and `~/.claude/agents/*.md` (docs/ARCHITECTURE.md,
 * Sub-agents) and merges them over the built-in ones: project overrides user overrides built-in, by name.
 * A file that cannot be read or parsed is reported with its path and skipped.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAgentFile } from '../../core/loop/subagents/agentFile';
import { BUILTIN_AGENTS, mergeAgentDefinitions } from '../../core/loop/subagents/definitions';
import type { AgentDefinition } from '../../core/contracts/agents';
import type { ConfigProblem } from '../../core/base/configProblems';
import type { Logger } from '../../core/contracts/settings';

export interface LoadedAgents {
  definitions: AgentDefinition[];
  /** One line per file that was skipped, naming it. */
  errors: string[];
}

async function readDir(dir: string, source: 'user' | 'project', errors: string[]): Promise<AgentDefinition[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  } catch {
    return []; // no such folder: nothing defined there
  }
  const out: AgentDefinition[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const result = parseAgentFile(await readFile(file, 'utf8'), file, source);
      if (result.ok) out.push(result.definition);
      else errors.push(result.error);
    } catch (err) {
      errors.push(`${file}: cannot be read (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  return out;
}

/**
 * The built-in, user and project agent types. `trusted` false leaves out the project's (`<cwd>/.claude/agents`):
 * an untrusted folder must not give the model its own agents' prompts and tools. Absent: trusted (the CLI).
 */
export async function loadAgentDefinitions(opts: { cwd: string; homeDir: string; extra?: readonly AgentDefinition[]; trusted?: () => boolean }): Promise<LoadedAgents> {
  const errors: string[] = [];
  const user = await readDir(path.join(opts.homeDir, '.claude', 'agents'), 'user', errors);
  const project = (opts.trusted?.() ?? true) ? await readDir(path.join(opts.cwd, '.claude', 'agents'), 'project', errors) : [];
  return { definitions: mergeAgentDefinitions(BUILTIN_AGENTS, user, project, opts.extra ?? []), errors };
}

/**
 * The VS Code host's agent types: read again at the start of every turn (two small folders), so a file added,
 * changed or removed counts from the next turn without depending on a file watcher. A skipped file is logged
 * once per distinct problem, not on every turn.
 */
export function agentDefinitionsReader(
  opts: { cwd: string; homeDir: string; trusted?: () => boolean; /** Read on each call: the installed plugins' agents (host/vscode/plugins.ts). */ extra?: () => readonly AgentDefinition[] },
  log: Logger,
  onProblems?: (problems: ConfigProblem[]) => void,
): () => Promise<readonly AgentDefinition[]> {
  const reported = new Set<string>();
  return async () => {
    try {
      const { extra, ...where } = opts;
      const loaded = await loadAgentDefinitions({ ...where, ...(extra ? { extra: extra() } : {}) });
      for (const error of loaded.errors) {
        if (reported.has(error)) continue;
        reported.add(error);
        log.warn(`Agent file skipped: ${error}`);
      }
      onProblems?.(loaded.errors.map(agentProblem));
      return loaded.definitions;
    } catch (err) {
      log.warn(`Could not read agent files: ${String(err)}`);
      return BUILTIN_AGENTS;
    }
  };
}

/** An agent file's error (`path: line N: message`, or `path: message`) as a ConfigProblem for the chat view. */
export function agentProblem(error: string): ConfigProblem {
  const withLine = /^(.+?): line (\d+): ([\s\S]*)$/.exec(error);
  if (withLine) return { kind: 'agent', path: withLine[1]!, line: Number(withLine[2]), message: withLine[3]! };
  const plain = /^(.+?\.md): ([\s\S]*)$/.exec(error);
  return plain ? { kind: 'agent', path: plain[1]!, line: 0, message: plain[2]! } : { kind: 'agent', path: '', line: 0, message: error };
}
