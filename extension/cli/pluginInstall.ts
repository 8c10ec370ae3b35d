/**
 * `codewright plugin install <plugin>@<marketplace>` and `plugin update <plugin>@<marketplace>`: fetch the
 * plugin, print the hook commands and MCP servers it will run, and ask before installing. `--yes` answers for
 * the user; without a terminal to ask on, and without `--yes`, it refuses.
 */
import { createInterface } from 'node:readline/promises';
import type { PluginInstallation } from '../core/engines/marketplaces/schemas';
import { prepareInstall, type PreparedInstall } from '../host/node/plugins/installStore';
import type { MarketplaceContext } from '../host/node/plugins/marketplaces';
import { previewLines } from '../host/node/plugins/pluginPreview';
import { prepareUpdate } from '../host/node/plugins/pluginUpdate';

export interface PluginIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

/** What one of the two commands says at each step. */
interface Wording {
  question: string;
  /** The verb of "not installed", "install it". */
  participle: string;
  infinitive: string;
  done(installation: PluginInstallation): string;
}

const isTty = (stream: unknown) => (stream as { isTTY?: boolean }).isTTY === true;

async function ask(io: PluginIo, question: string): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** The one id and whether `--yes` was given; anything else is an error naming the command. */
function idAndYes(args: string[], command: string): { id: string; yes: boolean } {
  const ids = args.filter((a) => !a.startsWith('-'));
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--yes' && a !== '-y');
  if (unknown.length) throw new Error(`plugin ${command} does not take ${unknown.join(', ')}.`);
  if (ids.length !== 1) throw new Error(`Give exactly one <plugin>@<marketplace> to ${command}.`);
  return { id: ids[0]!, yes: args.includes('--yes') || args.includes('-y') };
}

/** Shows what the fetched plugin runs, asks (unless `yes`), commits; always disposes of what was fetched. */
async function previewAskCommit(prepared: PreparedInstall, io: PluginIo, yes: boolean, words: Wording): Promise<number> {
  try {
    for (const line of previewLines(prepared.id, prepared.preview)) io.stdout.write(`${line}\n`);
    if (!yes) {
      if (!isTty(io.stdin) || !isTty(io.stdout)) {
        io.stderr.write(`codewright: not ${words.participle}: there is no terminal to ask for confirmation; run again with --yes to ${words.infinitive} it.\n`);
        return 1;
      }
      if (!(await ask(io, words.question))) {
        io.stdout.write(`Not ${words.participle}.\n`);
        return 0;
      }
    }
    io.stdout.write(`${words.done(await prepared.commit())}\n`);
    return 0;
  } finally {
    await prepared.dispose();
  }
}

export async function installCommand(args: string[], ctx: MarketplaceContext, io: PluginIo): Promise<number> {
  const { id, yes } = idAndYes(args, 'install');
  const prepared = await prepareInstall(id, ctx);
  return previewAskCommit(prepared, io, yes, {
    question: 'Install it? [y/N] ',
    participle: 'installed',
    infinitive: 'install',
    done: (i) => `Installed ${id} ${i.version} in ${i.installPath} and enabled it.`,
  });
}

export async function updateCommand(args: string[], ctx: MarketplaceContext, io: PluginIo): Promise<number> {
  const { id, yes } = idAndYes(args, 'update');
  const prepared = await prepareUpdate(id, ctx);
  const from = prepared.from ?? 'unknown';
  if (prepared.preview.version && prepared.preview.version === prepared.from) {
    await prepared.dispose();
    io.stdout.write(`${id} is already at version ${from}.\n`);
    return 0;
  }
  return previewAskCommit(prepared, io, yes, {
    question: `Update it from ${from}? [y/N] `,
    participle: 'updated',
    infinitive: 'update',
    done: (i) => `Updated ${id} from ${from} to ${i.version} in ${i.installPath}.`,
  });
}
