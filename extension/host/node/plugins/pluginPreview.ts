/**
 * What a plugin will run once enabled, read from its folder before it is installed: the commands of its hooks
 * (`hooks` in `.claude-plugin/plugin.json`, inline or a path, and `hooks/hooks.json`) and of its MCP servers
 * (`mcpServers` in plugin.json, inline or a path, and `.mcp.json`). Shown so the user agrees to them knowingly.
 */
import path from 'node:path';
import { readText } from './pluginFiles';

export interface PluginPreview {
  /** `plugin.json`'s `version`, when it has one. */
  version?: string;
  description?: string;
  hooks: { event: string; command: string }[];
  mcpServers: { name: string; command: string }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

async function readJson(file: string): Promise<unknown> {
  const text = await readText(file).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An inline value, or the JSON file a `./relative` string names inside the plugin. */
async function inlineOrFile(value: unknown, root: string): Promise<unknown[]> {
  if (Array.isArray(value)) return (await Promise.all(value.map((v) => inlineOrFile(v, root)))).flat();
  if (typeof value === 'string') return [await readJson(path.resolve(root, value))];
  return value === undefined ? [] : [value];
}

function hookCommands(config: unknown): PluginPreview['hooks'] {
  if (!isObject(config)) return [];
  const events = isObject(config.hooks) ? config.hooks : config;
  const out: PluginPreview['hooks'] = [];
  for (const [event, matchers] of Object.entries(events)) {
    if (!Array.isArray(matchers)) continue;
    for (const matcher of matchers) {
      const hooks = isObject(matcher) && Array.isArray(matcher.hooks) ? matcher.hooks : [];
      for (const hook of hooks) {
        if (isObject(hook) && typeof hook.command === 'string') out.push({ event, command: hook.command });
        else if (isObject(hook) && typeof hook.type === 'string') out.push({ event, command: `(${hook.type} hook)` });
      }
    }
  }
  return out;
}

function serverCommands(config: unknown): PluginPreview['mcpServers'] {
  if (!isObject(config)) return [];
  const servers = isObject(config.mcpServers) ? config.mcpServers : config;
  return Object.entries(servers)
    .filter(([, s]) => isObject(s))
    .map(([name, s]) => {
      const server = s as Json;
      const args = Array.isArray(server.args) ? server.args.map(String) : [];
      const command = typeof server.command === 'string' ? [server.command, ...args].join(' ') : typeof server.url === 'string' ? server.url : '(no command)';
      return { name, command };
    });
}

export async function previewPlugin(root: string): Promise<PluginPreview> {
  const manifest = await readJson(path.join(root, '.claude-plugin', 'plugin.json'));
  const m = isObject(manifest) ? manifest : {};
  const hookConfigs = [...(await inlineOrFile(m.hooks, root)), await readJson(path.join(root, 'hooks', 'hooks.json'))];
  const mcpConfigs = [...(await inlineOrFile(m.mcpServers, root)), await readJson(path.join(root, '.mcp.json'))];
  return {
    ...(typeof m.version === 'string' ? { version: m.version } : {}),
    ...(typeof m.description === 'string' ? { description: m.description } : {}),
    hooks: hookConfigs.flatMap(hookCommands),
    mcpServers: mcpConfigs.flatMap(serverCommands),
  };
}

/** The preview as lines of plain text. */
export function previewLines(id: string, preview: PluginPreview): string[] {
  const lines = [`${id}${preview.version ? ` ${preview.version}` : ''}${preview.description ? `: ${preview.description}` : ''}`];
  if (!preview.hooks.length && !preview.mcpServers.length) return [...lines, 'It runs no hook commands and starts no MCP servers.'];
  if (preview.hooks.length) lines.push('Once enabled it runs these hook commands:', ...preview.hooks.map((h) => `  ${h.event}: ${h.command}`));
  if (preview.mcpServers.length) lines.push('Once enabled it starts these MCP servers:', ...preview.mcpServers.map((s) => `  ${s.name}: ${s.command}`));
  return lines;
}
