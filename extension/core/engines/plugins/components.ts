/**
 * A plugin's hooks and MCP servers, parsed with the settings' own parsers (engines/hooks/config.ts,
 * engines/mcp/config.ts) so each bad part is a `ConfigProblem` with its file and line and the rest applies.
 * `hooks/hooks.json` is Claude Code's `{"description": ..., "hooks": {"PreToolUse": [...]}}`; the bare
 * `{"PreToolUse": [...]}` is read too. A plugin's `.mcp.json` is `{"mcpServers": {...}}` or the bare
 * `{name: server}` map its docs also show. `${CLAUDE_PLUGIN_ROOT}` is expanded in hook commands and in a
 * server's command, args, env, cwd, url and headers, and `CLAUDE_PLUGIN_ROOT` is set in their environment.
 */
import { isRecord } from '../../base/isRecord';
import { parseJsonWithPositions } from '../../base/text/jsonPositions';
import type { HookCommand } from '../../contracts/hooks';
import type { McpServerEntry } from '../../contracts/mcp';
import { parseHooksSettingsText, type HooksConfig } from '../hooks/config';
import { parseMcpSource, type McpConfigResult } from '../mcp/config';
import type { Env } from '../mcp/expand';
import { expandPluginRoot, pluginMcpServerName } from './naming';

export interface PluginWhere {
  plugin: string;
  /** The plugin's folder, absolute. */
  root: string;
}

function rootOf(text: string): unknown {
  try {
    return parseJsonWithPositions(text).value;
  } catch {
    return undefined; // the parser below reports it with its line
  }
}

function pluginHook(hook: HookCommand, where: PluginWhere): HookCommand {
  return { ...hook, command: expandPluginRoot(hook.command, where.root), env: { ...hook.env, CLAUDE_PLUGIN_ROOT: where.root } };
}

/**
 * The hooks of a plugin's hooks file (`inline` false) or of its plugin.json's inline `hooks` (`inline` true:
 * `text` is the manifest's). Source `plugin`, run with `CLAUDE_PLUGIN_ROOT` set.
 */
export function pluginHooksFromText(text: string, file: string, where: PluginWhere, inline = false): HooksConfig {
  const value = rootOf(text);
  // Bare {"PreToolUse": [...]}: wrapped on the same line, so every line number stays right.
  const wrapped = !inline && isRecord(value) && !('hooks' in value) ? `{"hooks":${text}}` : text;
  const parsed = parseHooksSettingsText(wrapped, { source: 'plugin', path: file });
  return { hooks: parsed.hooks.map((h) => pluginHook(h, where)), problems: parsed.problems };
}

function pluginServer(entry: McpServerEntry, where: PluginWhere): McpServerEntry {
  const config = entry.config.type === 'stdio' ? { ...entry.config, env: { CLAUDE_PLUGIN_ROOT: where.root, ...entry.config.env } } : entry.config;
  return { ...entry, name: pluginMcpServerName(where.plugin, entry.name), scope: 'plugin', config };
}

/**
 * The MCP servers of a plugin's `.mcp.json` (or a file its manifest names), or with `inline` of its
 * plugin.json's `mcpServers` object. `env` is the process's, for the `${VAR}` a server's config may use.
 */
export function pluginMcpFromText(text: string, file: string, where: PluginWhere, env: Env, inline = false): McpConfigResult {
  const value = rootOf(text);
  const wrapped = inline || (isRecord(value) && isRecord(value.mcpServers));
  const parsed = parseMcpSource({ scope: 'plugin', text, path: file, pointer: wrapped ? ['mcpServers'] : [] }, { ...env, CLAUDE_PLUGIN_ROOT: where.root });
  return { entries: parsed.entries.map((e) => pluginServer(e, where)), problems: parsed.problems };
}
