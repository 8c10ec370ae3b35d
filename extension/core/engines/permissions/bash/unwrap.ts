/**
 * Peeling wrappers off a simple command, so rules and the read-only check see the command that really
 * runs: `FOO=1 timeout 5 nice -n 10 npm test` is `npm test`. Two levels:
 * - `safe`: leading assignments, `timeout`, `nice`, `time`, `nohup`, `env` with assignments. An allow rule
 *   or the read-only check may look through these.
 * - `all`: also `sudo`, `doas`, `command`, `builtin`, `exec`, `xargs`, `setsid`. Deny and ask rules look
 *   through these too, so `sudo rm -rf x` still meets `Bash(rm:*)` in the deny list.
 */
import type { ShellAssignment, SimpleCommand } from './split';
import type { ShellWord } from './syntax';

/**
 * Variables that change what a later command runs or loads (`PATH=. ls` runs ./ls). An assignment of one
 * of these is never looked through by an allow rule and never read-only.
 */
const RISKY_ENV = /^(PATH|LD_\w+|DYLD_\w+|BASH_ENV|ENV|IFS|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|CDPATH|HOME|NODE_OPTIONS|NODE_PATH|PYTHON\w*|PERL5?\w*|RUBY\w*|GIT_\w+|PAGER|MANPAGER|LESSOPEN|LESSCLOSE|EDITOR|VISUAL|BROWSER|SHELL|BASH_FUNC_\w+|npm_config_\w+|NPM_CONFIG_\w+|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|GLOBIGNORE|TMOUT|HISTFILE)$/;

export function isRiskyEnvVar(name: string): boolean {
  return RISKY_ENV.test(name);
}

export interface Unwrapped {
  /** The words of the command that runs: name first. Empty when only wrappers or assignments were given. */
  words: ShellWord[];
  /** Wrapper names removed, outermost first (`['sudo', 'timeout']`). */
  wrappers: string[];
  /** Assignments removed: leading `FOO=1` and `env FOO=1`. */
  assignments: ShellAssignment[];
  /** One of the removed assignments sets a risky variable (`PATH`, `LD_PRELOAD`, ...). */
  riskyEnv: boolean;
}

type Skipper = (w: readonly ShellWord[], i: number) => number;

const v = (w: readonly ShellWord[], i: number): string | undefined => w[i]?.value;

/** Skips options; `withArg` are short letters or long names taking a value (attached or as the next word). */
function skipOptions(w: readonly ShellWord[], i: number, withArg: string, longWithArg: readonly string[] = [], flagsOnly?: RegExp): number {
  while (i < w.length) {
    const a = v(w, i);
    if (a === undefined) return -1;
    if (a === '--') return i + 1;
    if (!a.startsWith('-') || a === '-') return i;
    if (flagsOnly && !flagsOnly.test(a)) return -1;
    if (a.startsWith('--')) {
      i += !a.includes('=') && longWithArg.includes(a.slice(2)) ? 2 : 1;
    } else {
      i += withArg.includes(a[1] ?? '') && a.length === 2 ? 2 : 1;
    }
  }
  return i;
}

const SAFE_WRAPPERS: Record<string, Skipper> = {
  timeout: (w, i) => {
    const j = skipOptions(w, i, 'sk', ['signal', 'kill-after'], /^(-[skv]\S*|--(preserve-status|foreground|verbose|signal|kill-after)(=.*)?)$/);
    return j >= 0 && /^\d+(\.\d+)?[smhd]?$/.test(v(w, j) ?? '') ? j + 1 : -1;
  },
  nice: (w, i) => skipOptions(w, i, 'n', ['adjustment'], /^(-n\S*|-\d+|--adjustment(=.*)?)$/),
  time: (w, i) => skipOptions(w, i, '', [], /^-p$/),
  nohup: (w, i) => i,
};

/** `xargs` options; returns the index of the command xargs runs. */
export const skipXargsOptions: Skipper = (w, i) => {
  while (i < w.length) {
    const a = v(w, i);
    if (a === undefined) return -1;
    if (!a.startsWith('-') || a === '-') return i;
    if (a === '--') return i + 1;
    if (a.startsWith('--')) {
      i += !a.includes('=') && ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'].includes(a.slice(2)) ? 2 : 1;
    } else {
      i += 'adEILnPs'.includes(a[1] ?? '') && a.length === 2 ? 2 : 1;
    }
  }
  return i;
};

const ALL_WRAPPERS: Record<string, Skipper> = {
  ...SAFE_WRAPPERS,
  sudo: (w, i) => skipOptions(w, i, 'ugCDhprtTU', ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'command-timeout', 'other-user']),
  doas: (w, i) => skipOptions(w, i, 'uC'),
  command: (w, i) => (/^-[vV]/.test(v(w, i) ?? '') ? -1 : skipOptions(w, i, '')),
  builtin: (w, i) => i,
  exec: (w, i) => skipOptions(w, i, 'a'),
  setsid: (w, i) => skipOptions(w, i, ''),
  xargs: skipXargsOptions,
};

function isAssignmentWord(a: string | undefined): boolean {
  return a !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a);
}

/** Removes assignments and wrappers from a `command` part; other kinds come back unchanged. */
export function unwrapCommand(cmd: SimpleCommand, level: 'safe' | 'all'): Unwrapped {
  const assignments = [...(cmd.kind === 'command' ? cmd.assignments : [])];
  const wrappers: string[] = [];
  let words: readonly ShellWord[] = cmd.words;
  const table = level === 'all' ? ALL_WRAPPERS : SAFE_WRAPPERS;
  for (;;) {
    const name = words[0]?.value;
    if (name === undefined) break;
    if (name === 'env') {
      let j = skipOptions(words, 1, 'u', ['unset'], /^(-[0iu]\S*|--(ignore-environment|null|unset)(=.*)?)$/);
      const envAssignments: ShellAssignment[] = [];
      while (j > 0 && isAssignmentWord(v(words, j))) {
        const text = v(words, j) ?? '';
        const eq = text.indexOf('=');
        envAssignments.push({ name: text.slice(0, eq), valueText: text.slice(eq + 1), value: text.slice(eq + 1) });
        j++;
      }
      // `env` alone (or with only assignments) prints the environment: it is the command, not a wrapper.
      if (j < 0 || j >= words.length) break;
      assignments.push(...envAssignments);
      wrappers.push('env');
      words = words.slice(j);
      continue;
    }
    const skip = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!skip) break;
    const j = skip(words, 1);
    if (j < 0 || j >= words.length) break;
    wrappers.push(name);
    words = words.slice(j);
  }
  return { words: [...words], wrappers, assignments, riskyEnv: assignments.some((a) => isRiskyEnvVar(a.name)) };
}
