/**
 * /plugin (docs/ARCHITECTURE.md, Plugins): a `local-jsx` panel in VS Code with the marketplaces, the plugins
 * they offer and the installed ones (install, enable, disable, update, uninstall; add, update and remove
 * marketplaces), and a text form in the CLI. In the CLI, `/plugin <subcommand>` runs `codewright plugin
 * <subcommand>` (install, list, enable, disable, uninstall, update, marketplace …).
 */
import type { CommandHost } from '../host';
import type { LocalJSXCommand } from '../../../contracts/commands';
import type { CatalogPlugin, PluginCatalog, PluginContributions } from '../../../contracts/pluginCatalog';

const NOT_HERE = 'Plugins cannot be managed here.';

export function pluginCommand(host: CommandHost): LocalJSXCommand {
  return {
    type: 'local-jsx',
    name: 'plugin',
    aliases: ['plugins'],
    description: 'Plugins and marketplaces: browse, install, enable, disable, update, uninstall',
    argumentHint: '[install|enable|disable|uninstall|update|list|marketplace …]',
    source: 'builtin',
    panel: 'plugins',
    call: async () => {
      if (!host.plugins) throw new Error(NOT_HERE);
      return { panel: 'plugins', props: { ...(await host.plugins()) } };
    },
    renderText: async (args) => {
      if (args.trim() && host.pluginCommand) return host.pluginCommand(args.trim());
      if (!host.plugins) return NOT_HERE;
      return catalogText(await host.plugins());
    },
  };
}

const LABELS: [keyof PluginContributions, string][] = [
  ['commands', 'commands'],
  ['agents', 'agents'],
  ['skills', 'skills'],
  ['hooks', 'hooks'],
  ['mcpServers', 'MCP servers'],
  ['outputStyles', 'output styles'],
];

/** "commands /a:b, /a:c; MCP servers a" — what a plugin adds, by kind; empty parts left out. */
export function contributionsText(c: PluginContributions): string {
  const parts = LABELS.filter(([key]) => c[key].length).map(([key, label]) => `${label} ${c[key].join(', ')}`);
  return parts.length ? parts.join('; ') : 'nothing';
}

function pluginLine(p: CatalogPlugin): string[] {
  const state = p.installed ? `${p.enabled ? 'enabled' : 'disabled'}${p.installedVersion ? `, ${p.installedVersion}` : ''}` : 'not installed';
  const update = p.installed && p.version && p.installedVersion && p.version !== p.installedVersion ? ` (update: ${p.version})` : '';
  const lines = [`  ${p.id}  ${state}${update}${p.description ? ` — ${p.description}` : ''}`];
  if (p.contributes) lines.push(`    adds: ${contributionsText(p.contributes)}`);
  if (p.error) lines.push(`    problem: ${p.error}`);
  return lines;
}

/** The catalog as plain text: each marketplace with its plugins, then installed plugins of no known marketplace. */
export function catalogText(catalog: PluginCatalog): string {
  const lines: string[] = [];
  if (!catalog.marketplaces.length) lines.push('No marketplaces are added. Add one with: /plugin marketplace add <folder|git-url|owner/repo>');
  for (const m of catalog.marketplaces) {
    const head = m.suggested ? `Marketplace ${m.name} (suggested by the workspace settings, not added): ${m.source}` : `Marketplace ${m.name}: ${m.source}`;
    lines.push(head);
    if (m.error) lines.push(`  cannot be read: ${m.error}`);
    for (const p of catalog.plugins.filter((x) => x.marketplace === m.name)) lines.push(...pluginLine(p));
  }
  const known = new Set(catalog.marketplaces.map((m) => m.name));
  const orphans = catalog.plugins.filter((p) => !known.has(p.marketplace));
  if (orphans.length) lines.push('Installed from marketplaces no longer added:', ...orphans.flatMap(pluginLine));
  if (!catalog.trusted) lines.push('The workspace is not trusted: project settings do not enable plugins, and plugins run no hooks or MCP servers.');
  return lines.join('\n');
}
