/**
 * The run's Claude Code plugins (docs/ARCHITECTURE.md, Plugins): the `--plugin-dir <path>` folders
 * (repeatable), then the enabled, installed plugins (`enabledPlugins` of the settings files, the copies under
 * `$CLAUDE_CONFIG_DIR/plugins/cache/`: host/node/plugins/pluginSettings.ts). A `--plugin-dir` plugin of the
 * same name as an installed one wins, and the installed one is not loaded. Their commands join the slash
 * commands and the Skill tool's list after the `.claude/` files (which win a name), their agents the agent
 * types, their hooks run beside the settings files' and their MCP servers start with the others, without the
 * approval `.mcp.json` servers need: the user chose to load or install the plugin. The project's and local
 * `enabledPlugins` count as the project's settings do in the CLI: the folder it runs in is the user's choice
 * (trusted), and `--setting-sources` picks the files. What does not load is said on stderr, and the rest of
 * the run goes on.
 */
import { formatConfigProblem } from '../core/base/configProblems';
import type { PluginSet } from '../core/engines/plugins/types';
import { loadPluginDirs } from '../host/node/plugins/loadPluginDir';
import { claudeConfigDir } from '../host/node/plugins/pluginFiles';
import { enabledPlugins } from '../host/node/plugins/pluginSettings';
import type { CliOptions } from './args';

export async function loadCliPlugins(opts: Pick<CliOptions, 'plugin-dir' | 'settingSources'>, cwd: string, warn: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<PluginSet> {
  const enabled = await enabledPlugins({ configDir: claudeConfigDir(env), workspaceRoot: cwd, trusted: true, ...(opts.settingSources ? { sources: opts.settingSources } : {}) }).catch(
    (err: unknown) => {
      warn(`installed plugins skipped: ${err instanceof Error ? err.message : String(err)}`);
      return { plugins: [], missing: [] };
    },
  );
  for (const id of enabled.missing) warn(`plugin ${id} is enabled but not installed; skipped`);
  const set = await loadPluginDirs(opts['plugin-dir'], { cwd, env, installed: enabled.plugins.map((p) => p.root) });
  for (const p of set.problems) warn(`plugin ${p.kind === 'plugin' ? '' : `${p.kind} `}skipped: ${formatConfigProblem(p)}`);
  return set;
}
