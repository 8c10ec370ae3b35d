/**
 * Read-only validators for commands whose safety depends on their arguments in detail: git (sub-command
 * and flags), sed (no in-place edit, script limited to a safe subset) and awk (no system(), pipes or
 * output redirection in the program).
 */
import { canBeOption, type ShellWord } from './syntax';

const GIT_READ_ONLY = new Set([
  'status', 'log', 'show', 'diff', 'blame', 'shortlog', 'describe', 'rev-parse', 'ls-files', 'ls-tree', 'ls-remote',
  'cat-file', 'grep', 'merge-base', 'name-rev', 'count-objects', 'for-each-ref', 'show-ref', 'rev-list', 'whatchanged',
  'diff-tree', 'diff-files', 'diff-index', 'var', 'check-ignore', 'check-attr', 'version', 'show-branch',
]);
/** Flags that write files or run other programs, even on a read-only sub-command. */
const GIT_UNSAFE_FLAG = /^(--output(=.*)?|--ext-diff|-O.*|--open-files-in-pager(=.*)?|--exec(=.*)?)$/;
const BRANCH_WRITE_FLAG = /^(-[dDmMcCfu]|--delete|--move|--copy|--force|--set-upstream-to(=.*)?|--unset-upstream|--edit-description|--track|--no-track|--create-reflog)$/;
const TAG_WRITE_FLAG = /^(-[dasfmFuev]|--delete|--annotate|--sign|--force|--message(=.*)?|--file(=.*)?|--local-user(=.*)?|--edit|--verify)$/;

function positionals(args: readonly ShellWord[], valueFlags: RegExp): ShellWord[] {
  const out: ShellWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a) continue;
    if (canBeOption(a)) {
      if (a.value !== undefined && valueFlags.test(a.value)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** `git` with global options `-C dir`, `--no-pager` and a read-only sub-command. */
export function isReadOnlyGit(args: readonly ShellWord[]): boolean {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value;
    if (a === undefined) return false;
    if (a === '-C') i++;
    else if (!/^(--no-pager|--no-optional-locks|-P|--paginate|--no-replace-objects|--literal-pathspecs|--glob-pathspecs|--noglob-pathspecs|--icase-pathspecs|--bare)$/.test(a)) break;
  }
  const sub = args[i]?.value;
  const rest = args.slice(i + 1);
  if (sub === undefined) return false;
  // A computed argument could be any flag, `--output` included.
  if (rest.some((w) => w.value === undefined && canBeOption(w))) return false;
  const values = rest.map((w) => w.value ?? '');
  if (values.some((a) => GIT_UNSAFE_FLAG.test(a))) return false;
  const first = values[0];
  switch (sub) {
    case 'branch': {
      if (values.some((a) => BRANCH_WRITE_FLAG.test(a))) return false;
      const listing = values.some((a) => a === '--list' || a === '-l');
      return listing || positionals(rest, /^--(contains|no-contains|merged|no-merged|points-at|sort|format)$/).length === 0;
    }
    case 'tag': {
      if (values.some((a) => TAG_WRITE_FLAG.test(a))) return false;
      const listing = values.some((a) => a === '--list' || a === '-l');
      return listing || positionals(rest, /^--(contains|no-contains|merged|no-merged|points-at|sort|format)$/).length === 0;
    }
    case 'remote':
      return values.length === 0 || values.every((a) => a === '-v' || a === '--verbose') || first === 'show' || first === 'get-url';
    case 'config': {
      const reads = values.some((a) => /^(--get|--get-all|--get-regexp|--get-urlmatch|--get-color|--get-colorbool|--list|-l)$/.test(a));
      const writes = values.some((a) => /^(--add|--unset|--unset-all|--replace-all|--rename-section|--remove-section|-e|--edit)$/.test(a));
      return reads && !writes;
    }
    case 'stash':
      return first === 'list' || first === 'show';
    case 'reflog':
      return first === undefined || first === 'show' || first.startsWith('-');
    case 'worktree':
      return first === 'list';
    case 'submodule':
      return first === 'status';
    default:
      return GIT_READ_ONLY.has(sub);
  }
}

/** One sed script in a safe subset: addresses, `p d q = l n N P D g G h H x z {}`, `s` and `y` without `w`/`e`. */
export function isSafeSedScript(script: string): boolean {
  const scan = new SedScan(script);
  while (!scan.done()) {
    if (scan.skipSeparatorOrComment()) continue;
    if (!scan.addressRange() || !scan.safeCommand()) return false;
  }
  return true;
}

/** A cursor through one sed script, reading it command by command. */
class SedScan {
  private i = 0;

  constructor(private readonly script: string) {}

  done(): boolean {
    return this.i >= this.script.length || this.script[this.i] === undefined;
  }

  /** Steps over white space, `;`, `}` or a `#` comment; false when a command starts here. */
  skipSeparatorOrComment(): boolean {
    const { script } = this;
    const c = script[this.i] ?? '';
    if (/[\s;}]/.test(c)) {
      this.i++;
      return true;
    }
    if (c !== '#') return false;
    while (this.i < script.length && script[this.i] !== '\n') this.i++;
    return true;
  }

  /** An address or `address,address`, then any spaces and `!`. */
  addressRange(): boolean {
    if (!this.address()) return false;
    if (this.script[this.i] === ',') {
      this.i++;
      if (!this.address()) return false;
    }
    while (this.script[this.i] === ' ' || this.script[this.i] === '!') this.i++;
    return true;
  }

  /** The command after the address, with its arguments; false for one outside the safe subset. */
  safeCommand(): boolean {
    const { script } = this;
    const n = script.length;
    const cmd = script[this.i++];
    if (cmd === undefined) return false;
    if ('pdDnNPgGhHxz={'.includes(cmd)) return true;
    if ('qQlL'.includes(cmd)) {
      this.skipWhile(/[0-9]/);
      return true;
    }
    if (cmd === ':' || cmd === 'b' || cmd === 't' || cmd === 'T') {
      while (this.i < n && script[this.i] !== ';' && script[this.i] !== '\n') this.i++;
      return true;
    }
    if (cmd === 's' || cmd === 'y') return this.substitution(cmd);
    return false; // a, i, c, r, R, w, W, e, F, v, ...
  }

  /** The arguments of `s` or `y`: two delimited parts, then (for `s`) flags without `w` or `e`. */
  private substitution(cmd: 's' | 'y'): boolean {
    const { script } = this;
    const delim = script[this.i++];
    if (delim === undefined || delim === '\n' || delim === '\\') return false;
    if (!this.skipDelimited(delim) || !this.skipDelimited(delim)) return false;
    if (cmd === 's') {
      this.skipWhile(/[gpiImM0-9]/);
      if (this.i < script.length && !/[\s;}]/.test(script[this.i] ?? '')) return false; // w, e or anything unknown
    }
    return true;
  }

  private address(): boolean {
    const { script } = this;
    const c = script[this.i];
    if (/[0-9]/.test(c ?? '')) {
      this.skipWhile(/[0-9~]/);
    } else if (c === '$') {
      this.i++;
    } else if (c === '/' || c === '\\') {
      const delim = c === '\\' ? script[this.i + 1] : '/';
      this.i += c === '\\' ? 2 : 1;
      if (delim === undefined || !this.skipDelimited(delim)) return false;
      this.skipWhile(/[IM]/);
    } else if (c === '+' || c === '~') {
      this.i++;
      this.skipWhile(/[0-9]/);
    }
    return true;
  }

  /** Reads up to the next unescaped delimiter; the cursor is left after it. */
  private skipDelimited(delim: string): boolean {
    const { script } = this;
    const n = script.length;
    while (this.i < n && script[this.i] !== delim) {
      if (script[this.i] === '\\') this.i++;
      if (script[this.i] === '\n' && delim !== '\n') return false;
      this.i++;
    }
    if (this.i >= n) return false;
    this.i++;
    return true;
  }

  private skipWhile(chars: RegExp): void {
    while (chars.test(this.script[this.i] ?? '')) this.i++;
  }
}

/** sed without `-i` / `-f`, every script static and in the safe subset. `-n` is not required. */
export function isReadOnlySed(args: readonly ShellWord[]): boolean {
  const scripts: string[] = [];
  let sawExpression = false;
  const files: ShellWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w) continue;
    const a = w.value;
    if (a === undefined) {
      if (canBeOption(w)) return false;
      files.push(w);
      continue;
    }
    if (a.startsWith('--')) {
      if (/^--(in-place|file)/.test(a)) return false;
      if (a.startsWith('--expression=')) {
        scripts.push(a.slice('--expression='.length));
        sawExpression = true;
      } else if (a === '--expression') {
        const s = args[++i]?.value;
        if (s === undefined) return false;
        scripts.push(s);
        sawExpression = true;
      } else if (!/^--(quiet|silent|regexp-extended|separate|null-data|unbuffered|posix|debug|sandbox|line-length=\d+)$/.test(a)) return false;
    } else if (a.startsWith('-') && a.length > 1) {
      const letters = a.slice(1);
      if (!/^[nErszue]+$/.test(letters)) return false; // i (in place), f (script file) or unknown
      const e = letters.indexOf('e');
      if (e >= 0) {
        const rest = letters.slice(e + 1);
        const s = rest !== '' ? rest : args[++i]?.value;
        if (s === undefined) return false;
        scripts.push(s);
        sawExpression = true;
      }
    } else {
      files.push(w);
    }
  }
  if (!sawExpression) {
    const first = files.shift();
    if (first?.value === undefined) return false;
    scripts.push(first.value);
  }
  return scripts.every(isSafeSedScript);
}

/** awk with a static program free of system(), pipes, output redirection and extensions; no -f / -i. */
export function isReadOnlyAwk(args: readonly ShellWord[]): boolean {
  let program: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w) continue;
    const a = w.value;
    if (a === undefined) {
      if (program === undefined || canBeOption(w)) return false;
      continue;
    }
    if (program === undefined && a.startsWith('-') && a.length > 1) {
      if (a === '--') continue;
      if (/^-[Fv]$/.test(a)) i++;
      else if (!/^(-[Fv].+|--field-separator=.*|--assign=.*|--posix|--traditional|--re-interval|--characters-as-bytes|--sandbox)$/.test(a)) return false;
      continue;
    }
    if (program === undefined) program = a;
  }
  return program !== undefined && !/system|\||>|@|\b(print|printf)\s*>|fflush|close|\bgetline\b.*\|/.test(program);
}
