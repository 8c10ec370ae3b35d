/**
 * `codewright plugin install <plugin>@<marketplace>`: fetches the plugin, prints the hook commands and MCP
 * servers it will run, and asks before installing. `--yes` answers for the user; without a terminal to ask
 * on, and without `--yes`, it refuses.
 */
import { createInterface } from 'node:readline/promises';
import { prepareInstall } from '../host/node/plugins/installStore';
import type { MarketplaceContext } from '../host/node/plugins/marketplaces';
import { previewLines } from '../host/node/plugins/pluginPreview';

export interface PluginIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
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

export async function installCommand(args: string[], ctx: MarketplaceContext, io: PluginIo): Promise<number> {
  const yes = args.includes('--yes') || args.includes('-y');
  const ids = args.filter((a) => !a.startsWith('-'));
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--yes' && a !== '-y');
  if (unknown.length) throw new Error(`plugin install does not take ${unknown.join(', ')}.`);
  if (ids.length !== 1) throw new Error('Give exactly one <plugin>@<marketplace> to install.');
  const prepared = await prepareInstall(ids[0]!, ctx);
  try {
    for (const line of previewLines(prepared.id, prepared.preview)) io.stdout.write(`${line}\n`);
    if (!yes) {
      if (!isTty(io.stdin) || !isTty(io.stdout)) {
        io.stderr.write('codewright: not installed: there is no terminal to ask for confirmation; run again with --yes to install it.\n');
        return 1;
      }
      if (!(await ask(io, 'Install it? [y/N] '))) {
        io.stdout.write('Not installed.\n');
        return 0;
      }
    }
    const installation = await prepared.commit();
    io.stdout.write(`Installed ${prepared.id} ${installation.version} in ${installation.installPath} and enabled it.\n`);
    return 0;
  } finally {
    await prepared.dispose();
  }
}
