/**
 * `--plugin-dir <path>` (repeatable; docs/ARCHITECTURE.md, Plugins): Claude Code plugin folders for this run.
 * Their commands join the slash commands and the Skill tool's list after the `.claude/` files (which win a
 * name), their agents the agent types, their hooks run beside the settings files' and their MCP servers
 * start with the others, without the approval `.mcp.json` servers need: the user chose to load the plugin.
 * What does not load is said on stderr, and the rest of the run goes on.
 */
import { formatConfigProblem } from '../core/base/configProblems';
import { EMPTY_PLUGIN_SET, type PluginSet } from '../core/engines/plugins/types';
import { loadPluginDirs } from '../host/node/plugins/loadPluginDir';
import type { CliOptions } from './args';

export async function loadCliPlugins(opts: Pick<CliOptions, 'plugin-dir'>, cwd: string, warn: (line: string) => void): Promise<PluginSet> {
  if (opts['plugin-dir'].length === 0) return EMPTY_PLUGIN_SET;
  const set = await loadPluginDirs(opts['plugin-dir'], { cwd, env: process.env });
  for (const p of set.problems) warn(`plugin ${p.kind === 'plugin' ? '' : `${p.kind} `}skipped: ${formatConfigProblem(p)}`);
  return set;
}
