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
  let i = 0;
  const n = script.length;
  const skipDelimited = (delim: string): boolean => {
    // Reads up to the next unescaped delimiter; i is left after it.
    while (i < n && script[i] !== delim) {
      if (script[i] === '\\') i++;
      if (script[i] === '\n' && delim !== '\n') return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    if (/[0-9]/.test(script[i] ?? '')) {
      while (/[0-9~]/.test(script[i] ?? '')) i++;
    } else if (script[i] === '$') {
      i++;
    } else if (script[i] === '/' || script[i] === '\\') {
      const delim = script[i] === '\\' ? script[i + 1] : '/';
      i += script[i] === '\\' ? 2 : 1;
      if (delim === undefined || !skipDelimited(delim)) return false;
      while (/[IM]/.test(script[i] ?? '')) i++;
    } else if (script[i] === '+' || script[i] === '~') {
      i++;
      while (/[0-9]/.test(script[i] ?? '')) i++;
    }
    return true;
  };
  while (i < n) {
    const c = script[i];
    if (c === undefined) break;
    if (/[\s;}]/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && script[i] !== '\n') i++;
      continue;
    }
    if (!address()) return false;
    if (script[i] === ',') {
      i++;
      if (!address()) return false;
    }
    while (script[i] === ' ' || script[i] === '!') i++;
    const cmd = script[i++];
    if (cmd === undefined) return false;
    if ('pdDnNPgGhHxz={'.includes(cmd)) continue;
    if ('qQlL'.includes(cmd)) {
      while (/[0-9]/.test(script[i] ?? '')) i++;
      continue;
    }
    if (cmd === ':' || cmd === 'b' || cmd === 't' || cmd === 'T') {
      while (i < n && script[i] !== ';' && script[i] !== '\n') i++;
      continue;
    }
    if (cmd === 's' || cmd === 'y') {
      const delim = script[i++];
      if (delim === undefined || delim === '\n' || delim === '\\') return false;
      if (!skipDelimited(delim) || !skipDelimited(delim)) return false;
      if (cmd === 's') {
        while (/[gpiImM0-9]/.test(script[i] ?? '')) i++;
        if (i < n && !/[\s;}]/.test(script[i] ?? '')) return false; // w, e or anything unknown
      }
      continue;
    }
    return false; // a, i, c, r, R, w, W, e, F, v, ...
  }
  return true;
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
