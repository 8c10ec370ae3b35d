/**
 * How a plugin's parts are named and where they are (docs/ARCHITECTURE.md, Plugins), as in Claude Code:
 * commands are `/<plugin>:<command>` (a nested file `git/commit.md` is `/<plugin>:git:commit`, as project
 * commands nest), agents the sub-agent types `<plugin>:<agent>`, skills and output styles `<plugin>:<name>`
 * (core/loop/query/outputStyleFile.ts names a style). MCP servers are
 * `plugin:<plugin>:<server>`, so their tools are `mcp__plugin_<plugin>_<server>__<tool>` (colons become `_`
 * in tool names): the form Claude Code gives plugin servers' tools (its plugin MCP docs, and plugins that
 * name their own tools so, e.g. spotatui's agent plugin, PR LargeModGames/spotatui#432). `${CLAUDE_PLUGIN_ROOT}`
 * is the plugin's folder, expanded in hook commands and MCP server settings.
 */
import path from 'node:path';

/** The default folders of a plugin, beside which the manifest's custom paths are read. */
export const DEFAULT_PATHS = {
  commands: 'commands',
  agents: 'agents',
  skills: 'skills',
  outputStyles: 'output-styles',
  hooks: 'hooks/hooks.json',
  mcpServers: '.mcp.json',
} as const;

export function pluginCommandName(plugin: string, command: string): string {
  return `${plugin}:${command}`;
}

export function pluginAgentType(plugin: string, agent: string): string {
  return `${plugin}:${agent}`;
}

export function pluginSkillName(plugin: string, skill: string): string {
  return `${plugin}:${skill}`;
}

export function pluginMcpServerName(plugin: string, server: string): string {
  return `plugin:${plugin}:${server}`;
}

const ROOT_VARIABLE = /\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT(?![A-Za-z0-9_])/g;

/** `text` with `${CLAUDE_PLUGIN_ROOT}` (and `$CLAUDE_PLUGIN_ROOT`) replaced by the plugin's folder. */
export function expandPluginRoot(text: string, root: string): string {
  return text.replace(ROOT_VARIABLE, () => root);
}

/** A list from a manifest field that is a path or a list of paths. */
export function pathList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

/**
 * A manifest path (relative to the plugin, `./` or not; `${CLAUDE_PLUGIN_ROOT}` allowed) made absolute, or an
 * error when it leaves the plugin's folder: a plugin reads only its own files.
 */
export function resolvePluginPath(root: string, relative: string): { ok: true; path: string } | { ok: false; error: string } {
  const expanded = expandPluginRoot(relative, root);
  const absolute = path.resolve(root, expanded);
  const inside = path.relative(root, absolute);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return { ok: false, error: `"${relative}" is outside the plugin's folder; write paths relative to it, starting with "./"` };
  return { ok: true, path: absolute };
}
