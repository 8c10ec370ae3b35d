/**
 * Which simple commands only read: they may run without asking. The list is an allowlist: a command not
 * named here is not read-only. Each entry names the flags that would make it write or run something else
 * (`sort -o`, `find -delete`, `rg --pre`); a computed argument that could be such a flag makes the command
 * not read-only. `cd` is decided elsewhere (it depends on where it goes: see analyze.ts).
 *
 * awk counts as read-only only for a static program without system(), `|`, `>`, getline-from-command or
 * gawk extensions (`-i inplace`, `@load`); sed only without -i / -f and with scripts in a safe subset
 * (addresses, p/d/q/n/s/y..., no w/e/r/a/i/c), with or without -n.
 */
import { isReadOnlyAwk, isReadOnlyGit, isReadOnlySed } from './readOnlyTools';
import type { SimpleCommand } from './split';
import { canBeOption, hasUnquotedGlob, staticValue, walk, type ShellSyntaxNode, type ShellWord } from './syntax';
import { isRiskyEnvVar, skipXargsOptions, unwrapCommand } from './unwrap';

type Check = (args: readonly ShellWord[]) => boolean;

/** Short letters and long names that make a command write or execute; matched inside bundles (`-uo`). */
function noFlags(short: string, long: readonly string[] = []): Check {
  return (args) =>
    args.every((w) => {
      if (!canBeOption(w)) return true;
      const a = w.value;
      if (a === undefined) return false;
      if (a === '--' || a === '-') return true;
      if (a.startsWith('--')) return !long.some((l) => a === `--${l}` || a.startsWith(`--${l}=`));
      return ![...a.slice(1)].some((c) => short.includes(c));
    });
}

const positionalCount = (args: readonly ShellWord[]): number => args.filter((w) => !canBeOption(w)).length;
const any: Check = () => true;

const SMUGGLE = /\$\(|`|\$\{[^}]*[[(]/;
const LITERAL_TYPES = new Set(['word', 'raw_string', 'ansi_c_string', 'string_content']);

/**
 * Literal text that bash may still run as code: an array subscript inside `[[ x -eq 'a[$(id)]' ]]`,
 * `(( ))`, `test -v`, `read` or an assignment later used in arithmetic is evaluated, substitutions and all.
 */
export function hasSmuggledCode(node: ShellSyntaxNode): boolean {
  let found = false;
  walk(node, (n) => {
    if (found || !LITERAL_TYPES.has(n.type)) return;
    const value = n.type === 'string_content' ? n.text.replace(/\\(.)/g, '$1') : staticValue(n);
    if (value !== undefined && SMUGGLE.test(value)) found = true;
  });
  return found;
}

const noSmuggling: Check = (args) => !args.some((w) => hasSmuggledCode(w.node));

const READ_ONLY: Record<string, Check> = {
  ...Object.fromEntries(
    [
      'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'zgrep', 'pwd', 'echo', 'which', 'whereis', 'type', 'stat', 'du', 'df',
      'cut', 'tr', 'diff', 'cmp', 'comm', 'basename', 'dirname', 'realpath', 'readlink', 'whoami', 'id', 'uname', 'true',
      'false', ':', 'nl', 'od', 'hexdump', 'strings', 'column', 'fold', 'fmt', 'paste', 'rev', 'tac', 'expand',
      'unexpand', 'seq', 'sleep', 'printenv', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum',
      'sha512sum', 'shasum', 'cksum', 'b2sum', 'jq', 'ps', 'nproc', 'free', 'uptime', 'locale', 'groups', 'arch',
      'tty', 'cal', 'ls', 'dir', 'vdir', 'zcat', 'help', 'wait', 'lsof', 'pgrep',
    ].map((name) => [name, any]),
  ),
  test: noSmuggling,
  '[': noSmuggling,
  base64: noFlags('o', ['output']),
  // `less -o log` copies its input to a file; `+cmd` runs a less command at start (`+!rm x` is a shell escape).
  less: (args) => noFlags('oO', ['log-file', 'LOG-FILE'])(args) && args.every((w) => w.value !== undefined && !w.value.startsWith('+')),
  more: (args) => args.every((w) => w.value !== undefined && !w.value.startsWith('+')),
  file: noFlags('C', ['compile']),
  rg: noFlags('', ['pre']),
  fd: noFlags('xX', ['exec', 'exec-batch']),
  fdfind: noFlags('xX', ['exec', 'exec-batch']),
  sort: noFlags('o', ['output', 'compress-program']),
  tree: noFlags('o'),
  yq: noFlags('i', ['inplace']),
  iconv: noFlags('o', ['output']),
  printf: noFlags('v'),
  uniq: (args) => positionalCount(args) <= 1,
  xxd: (args) => positionalCount(args) <= 1,
  date: (args) => noFlags('s', ['set'])(args) && args.every((w) => canBeOption(w) || w.value?.startsWith('+') === true),
  hostname: (args) => args.every((w) => w.value !== undefined && /^-[AaIisfdy]+$|^--(fqdn|short|domain|ip-address|all-ip-addresses|all-fqdns|alias)$/.test(w.value)),
  find: (args) => args.every((w) => w.value !== undefined && !/^-(exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)$/.test(w.value)),
  command: (args) => /^-[vV]$/.test(args[0]?.value ?? ''),
  env: (args) => args.every((w) => w.value !== undefined && (/^-[0i]$/.test(w.value) || /^[A-Za-z_]\w*=/.test(w.value))),
  read: (args) => noSmuggling(args) && args.every((w) => w.value !== undefined && !isRiskyEnvVar(w.value)),
  git: isReadOnlyGit,
  sed: isReadOnlySed,
  awk: isReadOnlyAwk,
  gawk: isReadOnlyAwk,
  mawk: isReadOnlyAwk,
  xargs: isReadOnlyXargs,
};

/** Commands xargs may feed: extra arguments from stdin cannot turn them into writers. */
const XARGS_SAFE = new Set(['cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'ls', 'stat', 'du', 'basename', 'dirname', 'echo', 'md5sum', 'sha1sum', 'sha256sum']);

function isReadOnlyXargs(args: readonly ShellWord[]): boolean {
  const start = skipXargsOptions(args, 0);
  if (start < 0) return false;
  const inner = args.slice(start);
  const name = inner[0]?.value;
  if (name === undefined) return inner.length === 0; // bare xargs runs echo
  return XARGS_SAFE.has(name) && (READ_ONLY[name]?.(inner.slice(1)) ?? false);
}


/** Read-only parts of the command name `name` (commands named by a path, `/bin/ls`, use their basename). */
export function readOnlyCommandName(name: string): string {
  return /^\/(usr\/)?(local\/)?s?bin\/[^/]+$/.test(name) ? name.slice(name.lastIndexOf('/') + 1) : name;
}

/**
 * True when one simple command only reads. `cd` / `pushd` return false here; the caller decides them
 * with the working directory in hand.
 */
export function isReadOnlySimpleCommand(cmd: SimpleCommand): boolean {
  switch (cmd.kind) {
    case 'test':
    case 'arithmetic':
      return !hasSmuggledCode(cmd.node);
    case 'assignment':
      return cmd.assignments.every((a) => !isRiskyEnvVar(a.name)) && !hasSmuggledCode(cmd.node);
    case 'declaration': {
      const keyword = cmd.words[0]?.value;
      if (keyword === 'unset') return cmd.words.slice(1).every((w) => w.value === undefined || !isRiskyEnvVar(w.value));
      return cmd.assignments.every((a) => !isRiskyEnvVar(a.name)) && !hasSmuggledCode(cmd.node);
    }
    case 'command': {
      const { words, riskyEnv } = unwrapCommand(cmd, 'safe');
      if (riskyEnv) return false;
      const nameWord = words[0];
      if (nameWord === undefined) return true; // only assignments
      if (nameWord.value === undefined || hasUnquotedGlob(nameWord.node)) return false;
      const check = Object.hasOwn(READ_ONLY, readOnlyCommandName(nameWord.value)) ? READ_ONLY[readOnlyCommandName(nameWord.value)] : undefined;
      return check !== undefined && check(words.slice(1));
    }
  }
}
