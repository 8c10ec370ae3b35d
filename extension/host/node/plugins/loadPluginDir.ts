/**
 * Plugin folders on Node (docs/ARCHITECTURE.md, Plugins): reads each folder through core's loader
 * (core/engines/plugins/load.ts) on the file system, then turns its markdown files into commands, skills,
 * agent types and output styles with the parsers of `.claude/` files, every name namespaced by the plugin
 * (`<plugin>:<name>`). A plugin that fails to load, or a part of one that does not parse, is a `ConfigProblem`;
 * the rest loads. Two folders of the same plugin name: the first wins, the second is a problem.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigProblem } from '../../../core/base/configProblems';
import type { AgentDefinition } from '../../../core/contracts/agents';
import type { Command, CommandLoader, PromptCommand } from '../../../core/contracts/commands';
import { loadPluginFolder } from '../../../core/engines/plugins/load';
import { expandPluginRoot, pluginAgentType } from '../../../core/engines/plugins/naming';
import { EMPTY_PLUGIN_SET, type LoadedPluginFolder, type PluginFilesPort, type PluginSet } from '../../../core/engines/plugins/types';
import type { Env } from '../../../core/engines/mcp/expand';
import { parseCommandFile } from '../../../core/loop/commands/promptFile';
import { parseSkillFile } from '../../../core/loop/skills/skillFile';
import { parseAgentFile } from '../../../core/loop/subagents/agentFile';
import { parseOutputStyleFile } from '../../../core/loop/query/outputStyleFile';
import type { OutputStyle } from '../../../core/contracts/outputStyles';
import { agentProblem } from '../agentFiles';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The port on the file system: a missing file or folder is undefined, anything else that fails throws. */
export const nodePluginFiles: PluginFilesPort = {
  async readText(file) {
    try {
      return await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  },
  async list(dir) {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    const out: { name: string; kind: 'file' | 'dir' }[] = [];
    for (const e of entries) {
      // A link is followed, as for project commands: a plugin may link in shared files.
      const kind = e.isSymbolicLink() ? await nodePluginFiles.kind(path.join(dir, e.name)) : e.isDirectory() ? 'dir' : e.isFile() ? 'file' : undefined;
      if (kind) out.push({ name: e.name, kind });
    }
    return out.sort((a, b) => byName(a.name, b.name));
  },
  async kind(file) {
    try {
      const s = await stat(file);
      return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : undefined;
    } catch {
      return undefined;
    }
  },
};

/** A plugin's commands, skills, agents and output styles from its markdown files (`${CLAUDE_PLUGIN_ROOT}` expanded in them). */
export function pluginParts(plugin: LoadedPluginFolder): { commands: PromptCommand[]; skills: PromptCommand[]; agents: AgentDefinition[]; outputStyles: OutputStyle[]; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const expand = (text: string) => expandPluginRoot(text, plugin.root);
  const commands: PromptCommand[] = [];
  for (const f of plugin.commandFiles) {
    const r = parseCommandFile(expand(f.text), { path: f.path, relativePath: f.relativePath, source: 'plugin', namespace: plugin.name });
    if (r.ok) commands.push(r.command);
    else problems.push(r.problem);
  }
  const skills: PromptCommand[] = [];
  for (const f of plugin.skillFiles) {
    const r = parseSkillFile(expand(f.text), { path: f.path, directory: f.directory, folderName: f.folderName, source: 'plugin', namespace: plugin.name });
    if (r.ok) skills.push(r.skill);
    else problems.push(r.problem);
  }
  const agents: AgentDefinition[] = [];
  for (const f of plugin.agentFiles) {
    const r = parseAgentFile(f.text, f.path, 'plugin');
    if (r.ok) agents.push({ ...r.definition, agentType: pluginAgentType(plugin.name, r.definition.agentType) });
    else problems.push(agentProblem(r.error));
  }
  const outputStyles: OutputStyle[] = [];
  for (const f of plugin.outputStyleFiles) {
    const r = parseOutputStyleFile(f.text, { path: f.path, fileName: path.basename(f.path), source: 'plugin', namespace: plugin.name });
    // The default folder is read before the manifest's paths, and the first file of a name wins, as for commands.
    if (r.ok && !outputStyles.some((o) => o.name === r.style.name)) outputStyles.push(r.style);
    else if (!r.ok) problems.push(r.problem);
  }
  return { commands, skills, agents, outputStyles, problems };
}

/** Adds one loaded plugin to the set; a command file wins over a skill of the same name, as in `.claude/`. */
function addPlugin(set: PluginSet, plugin: LoadedPluginFolder): void {
  const parts = pluginParts(plugin);
  set.plugins.push({ name: plugin.name, root: plugin.root, ...(plugin.manifest.version ? { version: plugin.manifest.version } : {}) });
  const taken = new Set(set.commands.map((c) => c.name));
  for (const c of [...parts.commands, ...parts.skills.filter((s) => !parts.commands.some((c) => c.name === s.name))]) {
    if (taken.has(c.name)) continue;
    set.commands.push(c);
    if (c.isSkill) set.skills.push(c);
  }
  set.agents.push(...parts.agents);
  set.hooks.push(...plugin.hooks);
  set.mcpServers.push(...plugin.mcpServers);
  set.outputStyles.push(...parts.outputStyles);
  set.problems.push(...plugin.problems, ...parts.problems);
}

/**
 * The plugins of these folders (relative to `cwd`), in order, then those of `installed` (the enabled,
 * installed plugins' folders: pluginSettings.ts `enabledPluginRoots`). An installed plugin whose name a
 * `dirs` folder already took is skipped without a problem: the folder named for this run wins, as
 * `--plugin-dir` does over an installed plugin in Claude Code. Never throws.
 */
export async function loadPluginDirs(dirs: readonly string[], opts: { cwd: string; env: Env; files?: PluginFilesPort; installed?: readonly string[] }): Promise<PluginSet> {
  const set: PluginSet = { ...EMPTY_PLUGIN_SET, plugins: [], commands: [], skills: [], agents: [], hooks: [], mcpServers: [], outputStyles: [], problems: [] };
  const explicit = new Set<string>();
  const folders = [...dirs.map((dir) => ({ dir, installed: false })), ...(opts.installed ?? []).map((dir) => ({ dir, installed: true }))];
  for (const { dir, installed } of folders) {
    const root = path.resolve(opts.cwd, dir);
    try {
      const result = await loadPluginFolder(root, opts.files ?? nodePluginFiles, opts.env);
      if (!result.ok) set.problems.push(...result.problems);
      else if (installed && explicit.has(result.plugin.name)) continue;
      else if (set.plugins.some((p) => p.name === result.plugin.name)) {
        const first = set.plugins.find((p) => p.name === result.plugin.name)!;
        set.problems.push({ kind: 'plugin', path: root, line: 0, message: `a plugin named "${result.plugin.name}" is already loaded from ${first.root}; this one is skipped` });
      } else {
        addPlugin(set, result.plugin);
        if (!installed) explicit.add(result.plugin.name);
      }
    } catch (err) {
      set.problems.push({ kind: 'plugin', path: root, line: 0, message: `cannot be loaded (${err instanceof Error ? err.message : String(err)})` });
    }
  }
  set.commands.sort((a, b) => byName(a.name, b.name));
  set.skills.sort((a, b) => byName(a.name, b.name));
  return set;
}

/** The plugins' commands as a registry loader, after the `.claude/` files' loader: those win a name. */
export function pluginCommandLoader(set: PluginSet): CommandLoader {
  return async () => ({ commands: set.commands as Command[], problems: [] });
}

/**
 * The session's commands: `.claude/` files first, then the plugins' that no file took (by name), so a
 * project or user definition always wins; plugin names are namespaced, so that takes a file named for it.
 */
export function withPluginCommands<T extends { name: string }>(files: readonly T[], plugins: readonly T[]): T[] {
  const taken = new Set(files.map((c) => c.name));
  return [...files, ...plugins.filter((c) => !taken.has(c.name))];
}
