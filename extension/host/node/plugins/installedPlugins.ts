/**
 * The enabled, installed plugins as the VS Code host loads them (docs/ARCHITECTURE.md, Plugins; Workspace
 * trust): the folders `enabledPlugins` names (pluginSettings.ts) read by the plugin loader. In a trusted
 * workspace the project's and local `enabledPlugins` count and every part loads; in an untrusted one only the
 * user-enabled plugins load, and only their commands, skills and agents: their hooks and MCP servers run
 * commands, so they wait for trust. An enabled plugin that is not installed is a `ConfigProblem`.
 */
import type { ConfigProblem } from '../../../core/base/configProblems';
import type { Env } from '../../../core/engines/mcp/expand';
import type { PluginSet } from '../../../core/engines/plugins/types';
import { loadPluginDirs } from './loadPluginDir';
import { claudeConfigDir, pluginPaths } from './pluginFiles';
import { enabledPlugins } from './pluginSettings';

export interface InstalledPluginsOptions {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude` when absent. */
  configDir?: string;
  workspaceRoot?: string;
  trusted: boolean;
  env: Env;
}

/** The enabled, installed plugins of this workspace; hooks and MCP servers only when `trusted`. Never throws. */
export async function loadInstalledPlugins(opts: InstalledPluginsOptions): Promise<PluginSet> {
  const configDir = opts.configDir ?? claudeConfigDir();
  const problems: ConfigProblem[] = [];
  const enabled = await enabledPlugins({ configDir, trusted: opts.trusted, ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}) }).catch((err: unknown) => {
    problems.push({ kind: 'plugin', path: pluginPaths(configDir).installedPlugins, line: 0, message: `installed plugins cannot be read (${err instanceof Error ? err.message : String(err)})` });
    return { plugins: [], missing: [] };
  });
  for (const id of enabled.missing) problems.push({ kind: 'plugin', path: pluginPaths(configDir).userSettings, line: 0, message: `the plugin ${id} is enabled but not installed; skipped` });
  const set = await loadPluginDirs([], { cwd: opts.workspaceRoot ?? configDir, env: opts.env, installed: enabled.plugins.map((p) => p.root) });
  return { ...set, problems: [...problems, ...set.problems], ...(opts.trusted ? {} : { hooks: [], mcpServers: [] }) };
}
