/**
 * What one plugin folder adds, for the /plugin catalog (catalog.ts): read with the plugin loader and the
 * markdown parsers, as a run would load it, but nothing is run. Names are the ones the user meets: commands
 * `/<plugin>:<command>`, skills `<plugin>:<skill>`, agents `<plugin>:<agent>`, hooks `Event: command` (with
 * `${CLAUDE_PLUGIN_ROOT}` written back, so the line does not depend on where the folder is), MCP servers
 * `plugin:<plugin>:<server>`, output styles `<plugin>:<style>`.
 */
import { formatConfigProblem, type ConfigProblem } from '../../../core/base/configProblems';
import type { PluginContributions } from '../../../core/contracts/pluginCatalog';
import type { Env } from '../../../core/engines/mcp/expand';
import { loadPluginFolder } from '../../../core/engines/plugins/load';
import type { LoadedPluginFolder } from '../../../core/engines/plugins/types';
import { nodePluginFiles, pluginParts } from './loadPluginDir';

/** A plugin folder as the catalog shows it; `error` holds the loader's problems, `contributes` is absent when it did not load. */
export interface PluginFolderReading {
  contributes?: PluginContributions;
  version?: string;
  description?: string;
  error?: string;
}

const sorted = (names: string[]) => names.sort((a, b) => a.localeCompare(b));

function problemsText(problems: readonly ConfigProblem[]): string {
  return problems.map(formatConfigProblem).join('; ');
}

/** `${CLAUDE_PLUGIN_ROOT}` in place of the folder the loader expanded it to. */
function withRootVariable(command: string, root: string): string {
  return command.split(root).join('${CLAUDE_PLUGIN_ROOT}');
}

function contributionsOf(plugin: LoadedPluginFolder): { contributes: PluginContributions; problems: ConfigProblem[] } {
  const parts = pluginParts(plugin);
  const contributes: PluginContributions = {
    commands: sorted(parts.commands.map((c) => `/${c.name}`)),
    agents: sorted(parts.agents.map((a) => a.agentType)),
    skills: sorted(parts.skills.map((s) => s.name)),
    hooks: plugin.hooks.map((h) => `${h.event}: ${withRootVariable(h.command, plugin.root)}`),
    mcpServers: sorted(plugin.mcpServers.map((s) => s.name)),
    outputStyles: sorted(parts.outputStyles.map((o) => o.name)),
  };
  return { contributes, problems: [...plugin.problems, ...parts.problems] };
}

/** Reads the plugin folder at `root` (absolute); `missing` is the sentence to say when there is no folder. Never throws. */
export async function readPluginFolder(root: string, env: Env, missing: string): Promise<PluginFolderReading> {
  if ((await nodePluginFiles.kind(root)) !== 'dir') return { error: missing };
  try {
    const result = await loadPluginFolder(root, nodePluginFiles, env);
    if (!result.ok) return { error: problemsText(result.problems) };
    const { manifest } = result.plugin;
    const { contributes, problems } = contributionsOf(result.plugin);
    return {
      contributes,
      ...(manifest.version ? { version: manifest.version } : {}),
      ...(manifest.description ? { description: manifest.description } : {}),
      ...(problems.length ? { error: problemsText(problems) } : {}),
    };
  } catch (err) {
    return { error: `${root} cannot be loaded (${err instanceof Error ? err.message : String(err)})` };
  }
}
