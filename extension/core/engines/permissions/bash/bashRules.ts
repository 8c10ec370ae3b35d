/**
 * Matching `Bash(...)` rule contents against one simple command, and the prefix rule to suggest when
 * none matches.
 *
 * Rule syntax (content between the parentheses):
 * - `npm run test:*` — legacy prefix: the command is `npm run test`, or starts with it followed by a space
 *   or `:` (`npm run test:unit`, `npm run test -- x`), never `npm run testing`.
 * - `git * main`, `ls *` — `*` matches any characters; a trailing ` *` also matches nothing (`ls`).
 *   `\*` is a literal star.
 * - anything else — the whole command, exactly (whitespace runs count as one space).
 *
 * A simple command is matched in several spellings: its source text, and its words after quote removal
 * (`"rm" -rf /` is `rm -rf /`), each with wrappers peeled off (unwrap.ts). Allow rules see only the `safe`
 * peeling and never a command whose name is computed; deny and ask rules also see through `sudo`,
 * `command`, `xargs`, ... and a command named by path (`/bin/rm`) by its basename.
 */
import type { SimpleCommand } from './split';
import type { ShellWord } from './syntax';
import { unwrapCommand } from './unwrap';

export function normalizeCommandText(s: string): string {
  return s.replace(/\\\r?\n/g, ' ').replace(/\s+/g, ' ').trim();
}

function escapeRegex(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** `*` → `.*`, `\*` → a literal star. */
function globToRegex(s: string): string {
  return s
    .split(/(\\\*|\*)/)
    .map((piece) => (piece === '*' ? '.*' : piece === '\\*' ? '\\*' : escapeRegex(piece)))
    .join('');
}

const compiled = new Map<string, RegExp | string>();

function compile(ruleContent: string): RegExp | string {
  const c = normalizeCommandText(ruleContent);
  if (c.endsWith(':*')) return new RegExp(`^${globToRegex(c.slice(0, -2))}(?:[\\s:].*)?$`, 's');
  if (!/(^|[^\\])\*/.test(c)) return c.replace(/\\\*/g, '*');
  if (c.endsWith(' *')) return new RegExp(`^${globToRegex(c.slice(0, -2))}(?: .*)?$`, 's');
  return new RegExp(`^${globToRegex(c)}$`, 's');
}

/** True when the rule content matches one spelling of a simple command. */
export function bashRuleMatches(ruleContent: string, candidate: string): boolean {
  let m = compiled.get(ruleContent);
  if (m === undefined) {
    m = compile(ruleContent);
    if (compiled.size > 500) compiled.clear();
    compiled.set(ruleContent, m);
  }
  const text = normalizeCommandText(candidate);
  return typeof m === 'string' ? text === m : m.test(text);
}

/** A value as the shell would need it written to stay one word (`fix bug` → `'fix bug'`). */
function quoteWord(w: ShellWord): string {
  if (w.value === undefined) return w.text;
  if (w.value !== '' && /^[\w@%+=:,./~^-]+$/.test(w.value)) return w.value;
  return `'${w.value.replace(/'/g, `'\\''`)}'`;
}

function spellings(cmd: SimpleCommand, words: readonly ShellWord[], basename: boolean): string[] {
  const first = words[0];
  if (!first) return [];
  const raw = cmd.node.text.slice(first.node.startIndex - cmd.node.startIndex);
  const quoted = words.map(quoteWord);
  const out = [quoted.join(' '), raw];
  const name = first.value;
  if (basename && name?.includes('/')) out.push([name.slice(name.lastIndexOf('/') + 1), ...quoted.slice(1)].join(' '));
  return out;
}

/** The spellings of `cmd` a rule of this behaviour is tested against. */
export function ruleCandidates(cmd: SimpleCommand, behavior: 'allow' | 'deny' | 'ask'): string[] {
  const out = new Set<string>([normalizeCommandText(cmd.text)]);
  if (cmd.kind !== 'command') return [...out];
  const safe = unwrapCommand(cmd, 'safe');
  if (behavior === 'allow') {
    if (safe.riskyEnv || safe.words[0]?.value === undefined) return safe.words[0]?.value === undefined ? [] : [...out];
    for (const s of spellings(cmd, safe.words, false)) out.add(normalizeCommandText(s));
    return [...out];
  }
  const all = unwrapCommand(cmd, 'all');
  for (const s of [...spellings(cmd, cmd.words, true), ...spellings(cmd, safe.words, true), ...spellings(cmd, all.words, true)]) {
    out.add(normalizeCommandText(s));
  }
  return [...out];
}

/** The first rule (in the map's precedence order) whose content matches `cmd`. */
export function findMatchingRule<R>(cmd: SimpleCommand, rules: ReadonlyMap<string, R>, behavior: 'allow' | 'deny' | 'ask'): R | undefined {
  if (rules.size === 0) return undefined;
  const candidates = ruleCandidates(cmd, behavior);
  for (const [content, rule] of rules) {
    if (candidates.some((c) => bashRuleMatches(content, c))) return rule;
  }
  return undefined;
}

/** Commands for which "always allow <cmd>:*" would allow running anything. */
const NO_PREFIX = new Set([
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'eval', 'exec', 'source', '.', 'env', 'xargs', 'sudo', 'doas', 'su',
  'command', 'builtin', 'nohup', 'timeout', 'nice', 'time', 'python', 'python2', 'python3', 'node', 'perl', 'ruby', 'php',
  'lua', 'deno', 'bun', 'npx', 'pnpx', 'bunx', 'ssh', 'watch', 'find', 'awk', 'gawk', 'sed', 'coproc',
]);
const RUNNERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);
const SUBCOMMAND = /^[A-Za-z0-9][\w-]*(:[\w:-]*)?$/;

/**
 * The rule content to offer as "always allow" for a part no rule allows: `git commit:*`,
 * `npm run test:*` for `npm run test:unit`, `make:*` for `make`, else the exact command. Undefined for
 * commands with a computed name and for interpreters, where a prefix would allow anything.
 */
export function suggestRuleContent(cmd: SimpleCommand): string | undefined {
  if (cmd.kind !== 'command') return undefined;
  const { words, riskyEnv } = unwrapCommand(cmd, 'safe');
  const values = words.map((w) => w.value);
  const [name, second, third] = values;
  if (riskyEnv || name === undefined || /[\s*()]/.test(name)) return undefined;
  const exact = values.every((x) => x !== undefined) ? words.map(quoteWord).join(' ') : undefined;
  // A bare interpreter reads its program from stdin: allowing `bash` would allow `echo anything | bash`.
  if (NO_PREFIX.has(name)) return words.length > 1 && exact !== undefined && exact.length <= 200 && !/[*()]/.test(exact) ? exact : undefined;
  if (second === undefined) return words.length === 1 ? `${name}:*` : undefined;
  if (!SUBCOMMAND.test(second)) return exact !== undefined && !/[*()]/.test(exact) ? exact : undefined;
  if (RUNNERS.has(name) && (second === 'run' || second === 'exec' || second === 'run-script') && third !== undefined && SUBCOMMAND.test(third)) {
    return `${name} ${second} ${third.split(':')[0]}:*`;
  }
  return `${name} ${second.split(':')[0]}:*`;
}
