/**
 * /plugin in the CLI (core/loop/commands/builtins/plugin.ts): the catalog of marketplaces and plugins
 * (host/node/plugins/catalog.ts) for a bare `/plugin`, and `/plugin <subcommand>` run as `codewright plugin
 * <subcommand>` with what it prints captured. Its standard input is not a terminal, so an install or update
 * without `--yes` prints what the plugin runs and says to run it again with `--yes`. The CLI trusts the folder
 * it runs in, as for the plugins it loads (cli/plugins.ts).
 */
import { Readable, Writable } from 'node:stream';
import type { CommandHost } from '../core/loop/commands/host';
import { buildPluginCatalog } from '../host/node/plugins/catalog';
import { claudeConfigDir } from '../host/node/plugins/pluginFiles';
import { runPluginCommand, type PluginCommandEnv } from './pluginCommands';

/**
 * `text` split into words as a shell would, simply: blanks separate, '…' is literal, "…" keeps blanks (a
 * backslash escapes `"` and `\` in it), and a backslash outside quotes escapes the next character.
 */
export function splitShellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  /** A word is open (even an empty one, `''`). */
  let open = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (quote === '"' && c === '\\' && (next === '"' || next === '\\')) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (open) words.push(word);
      word = '';
      open = false;
    } else {
      open = true;
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && next !== undefined) word += text[++i];
      else word += c;
    }
  }
  if (open) words.push(word);
  return words;
}

/** A stream that keeps what is written to it, in order, in `sink`. */
function capture(sink: { text: string }): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      sink.text += chunk.toString();
      done();
    },
  });
}

/** `codewright plugin <args>` with its output (stdout and stderr, as printed) as the answer. */
export async function capturedPluginCommand(args: string, where: PluginCommandEnv): Promise<string> {
  const sink = { text: '' };
  const out = capture(sink);
  await runPluginCommand(splitShellWords(args), { stdout: out, stderr: out, stdin: Readable.from([]) }, where);
  return sink.text.trimEnd();
}

/** The CommandHost members /plugin uses, for the CLI run in `where.cwd`. */
export function cliPluginHost(where: PluginCommandEnv): Required<Pick<CommandHost, 'plugins' | 'pluginCommand'>> {
  return {
    plugins: () => buildPluginCatalog({ configDir: claudeConfigDir(where.env, where.home), workspaceRoot: where.cwd, trusted: true, env: where.env }),
    pluginCommand: (args) => capturedPluginCommand(args, where),
  };
}
