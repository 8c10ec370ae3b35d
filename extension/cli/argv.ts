/**
 * Claude Code's command-line habits that node:util's parseArgs does not know, rewritten before it parses
 * (docs/ARCHITECTURE.md, The headless CLI): lists given as several words (`--allowedTools Read Bash`, as its
 * variadic options take them), `--debug` with or without a filter (`-d`, `-d2e`), and `-p` without a prompt
 * (the prompt is then the one positional argument, or stdin).
 */

export interface NormalizedArgv {
  args: string[];
  /** `-p` / `--print` came without a prompt of its own (written as `--print=`). */
  barePrint: boolean;
}

export interface ArgvShape {
  /** Flags that take a value, as typed: `--model`, `-p`. */
  takesValue: ReadonlySet<string>;
  /** Flags whose value may go on over the following words that do not start with "-". */
  variadic: ReadonlySet<string>;
}

/** A word that starts another flag (a lone "-" is a value: stdin). */
function isFlag(word: string | undefined): boolean {
  return word === undefined || (word.startsWith('-') && word !== '-');
}

export function normalizeArgv(argv: readonly string[], shape: ArgvShape): NormalizedArgv {
  const args: string[] = [];
  let barePrint = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    if (word === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (word === '-d' || word === '--debug') {
      // Claude Code's `--debug [filter]`: a filter only when a word that is not a flag follows.
      args.push(isFlag(next) ? '--debug=' : `--debug=${next}`);
      if (!isFlag(next)) i++;
    } else if (word === '-d2e') {
      args.push('--debug-to-stderr');
    } else if ((word === '-p' || word === '--print') && isFlag(next)) {
      args.push('--print=');
      barePrint = true;
    } else if (!shape.takesValue.has(word)) {
      args.push(word);
    } else {
      args.push(word, ...(next === undefined ? [] : [next]));
      if (next !== undefined) i++;
      while (shape.variadic.has(word) && !isFlag(argv[i + 1])) args.push(word, argv[++i]!);
    }
  }
  return { args, barePrint };
}
