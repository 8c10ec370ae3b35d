/**
 * `codewright plugin …`: Claude Code's plugin commands on the same files (`~/.claude/plugins/`, or
 * `$CLAUDE_CONFIG_DIR/plugins/`), so a plugin installed by one is seen by the other. Plain text out; a
 * problem is one sentence on stderr and exit code 1.
 */
import { homedir } from 'node:os';
import { addMarketplace, addSuggestedMarketplace, listMarketplaces, loadMarketplace, removeMarketplace, updateMarketplace, type MarketplaceContext } from '../host/node/plugins/marketplaces';
import { describeSource } from '../host/node/plugins/marketplaceSource';
import { claudeConfigDir, pluginPaths } from '../host/node/plugins/pluginFiles';
import { listInstalled, uninstallPlugin } from '../host/node/plugins/installStore';
import { pluginEnablement, setPluginEnabled } from '../host/node/plugins/pluginSettings';
import { isSuggestedName } from '../host/node/plugins/suggestedMarketplaces';
import { installCommand, updateCommand, type PluginIo } from './pluginInstall';

export const PLUGIN_USAGE = `Usage: codewright plugin <command>
  install <plugin>@<marketplace> [--yes]   fetch a plugin, show what it runs, install and enable it
  update <plugin>@<marketplace> [--yes]    refresh its marketplace, show what the new version runs, install it
  uninstall <plugin>@<marketplace>         remove an installed plugin
  enable <plugin>@<marketplace>            switch a plugin on (user settings)
  disable <plugin>@<marketplace>           switch a plugin off (user settings)
  list                                     installed plugins, and what the marketplaces offer
  marketplace add <folder|git-url|owner/repo|name>
                                           a name: a marketplace extraKnownMarketplaces suggests
  marketplace list
  marketplace update [<name>]
  marketplace remove <name>`;

export interface PluginCommandEnv {
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
}

type Handler = (args: string[], ctx: MarketplaceContext, io: PluginIo) => Promise<number>;

const say = (io: PluginIo, line: string) => void io.stdout.write(`${line}\n`);

/** Runs `codewright plugin <args>`; resolves with the exit code. */
export async function runPluginCommand(args: readonly string[], io: PluginIo, where?: PluginCommandEnv): Promise<number> {
  const env = where ?? { env: process.env, cwd: process.cwd(), home: homedir() };
  const ctx: MarketplaceContext = { paths: pluginPaths(claudeConfigDir(env.env, env.home)), cwd: env.cwd };
  const [command, ...rest] = args;
  const handler = command === 'marketplace' ? MARKETPLACE[rest[0] ?? ''] : PLUGIN[command ?? ''];
  if (!handler) {
    io.stderr.write(`${command ? `codewright: unknown plugin command "${[command, command === 'marketplace' ? rest[0] : undefined].filter(Boolean).join(' ')}".\n` : ''}${PLUGIN_USAGE}\n`);
    return 1;
  }
  try {
    return await handler(command === 'marketplace' ? rest.slice(1) : rest, ctx, io);
  } catch (err) {
    io.stderr.write(`codewright: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

/** The one positional argument a command takes; a missing one is a usage error. */
function one(args: string[], what: string, io: PluginIo): string | undefined {
  const positional = args.filter((a) => !a.startsWith('-'));
  if (positional.length === 1) return positional[0];
  io.stderr.write(`codewright: give exactly one ${what}.\n`);
  return undefined;
}

const PLUGIN: Record<string, Handler> = {
  install: installCommand,
  update: updateCommand,
  async uninstall(args, ctx, io) {
    const id = one(args, '<plugin>@<marketplace>', io);
    if (!id) return 1;
    await uninstallPlugin(id, ctx.paths);
    say(io, `Uninstalled ${id}.`);
    return 0;
  },
  enable: (args, ctx, io) => toggle(args, ctx, io, true),
  disable: (args, ctx, io) => toggle(args, ctx, io, false),
  list: listCommand,
};

async function toggle(args: string[], ctx: MarketplaceContext, io: PluginIo, enabled: boolean): Promise<number> {
  const id = one(args, '<plugin>@<marketplace>', io);
  if (!id) return 1;
  if (!(await listInstalled(ctx.paths)).some((p) => p.id === id)) throw new Error(`The plugin "${id}" is not installed; install it first with "codewright plugin install ${id}".`);
  await setPluginEnabled(ctx.paths, id, enabled);
  say(io, `${enabled ? 'Enabled' : 'Disabled'} ${id} in ${ctx.paths.userSettings}.`);
  return 0;
}

async function listCommand(_args: string[], ctx: MarketplaceContext, io: PluginIo): Promise<number> {
  const installed = await listInstalled(ctx.paths);
  const states = new Map((await pluginEnablement({ configDir: ctx.paths.configDir, workspaceRoot: ctx.cwd, trusted: true })).map((p) => [p.id, p.enabled]));
  say(io, installed.length ? 'Installed plugins:' : 'No plugins are installed.');
  for (const { id, installation } of installed) say(io, `  ${id}  ${installation.version}  ${states.get(id) ? 'enabled' : 'disabled'}  ${installation.installPath}`);
  const have = new Set(installed.map((p) => p.id));
  for (const [name] of await listMarketplaces(ctx.paths)) {
    const market = await loadMarketplace(name, ctx.paths).catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    if (typeof market === 'string') {
      say(io, `Marketplace ${name} cannot be read: ${market}`);
      continue;
    }
    const offered = market.manifest.plugins.filter((p) => !have.has(`${p.name}@${name}`));
    if (!offered.length) continue;
    say(io, `Available from ${name}:`);
    for (const p of offered) say(io, `  ${p.name}@${name}${p.description ? `  ${p.description}` : ''}`);
  }
  return 0;
}

const MARKETPLACE: Record<string, Handler> = {
  async add(args, ctx, io) {
    const source = one(args, 'folder, git URL, owner/repo or suggested name', io);
    if (!source) return 1;
    // The CLI trusts the folder it runs in, so the project's suggestions count (as its enabledPlugins do).
    const where = { configDir: ctx.paths.configDir, cwd: ctx.cwd, workspaceRoot: ctx.cwd, trusted: true };
    const added = (await isSuggestedName(source, where)) ? await addSuggestedMarketplace(source, where) : await addMarketplace(source, ctx);
    say(io, `Added the marketplace ${added.name} (${added.manifest.plugins.length} plugin${added.manifest.plugins.length === 1 ? '' : 's'}) from ${describeSource(added.entry.source)}.`);
    return 0;
  },
  async list(_args, ctx, io) {
    const all = await listMarketplaces(ctx.paths);
    if (!all.length) say(io, 'No marketplaces are added.');
    for (const [name, entry] of all) say(io, `${name}  ${describeSource(entry.source)}  ${entry.installLocation}`);
    return 0;
  },
  async update(args, ctx, io) {
    const names = args.length ? args : (await listMarketplaces(ctx.paths)).map(([name]) => name);
    for (const name of names) {
      const updated = await updateMarketplace(name, ctx);
      say(io, `Updated the marketplace ${name} (${updated.manifest.plugins.length} plugins).`);
    }
    if (!names.length) say(io, 'No marketplaces are added.');
    return 0;
  },
  async remove(args, ctx, io) {
    const name = one(args, 'marketplace name', io);
    if (!name) return 1;
    await removeMarketplace(name, ctx.paths);
    say(io, `Removed the marketplace ${name}.`);
    return 0;
  },
};
