/**
 * Paths named by a command: resolving them against the working directory and home, and the places that
 * deserve a stronger warning (outside the workspace, shell startup files, broad `rm -rf` targets).
 */
import path from 'node:path';
import type { ShellWord } from './syntax';

/** Where the command runs. `homeDir` resolves `~` and `$HOME`; without it those paths count as unknown. */
export interface BashEnv {
  cwd: string;
  workspaceRoots: readonly string[];
  homeDir?: string;
}

/**
 * The absolute path a word names, resolved against `cwd`: `~`, `~/x`, `$HOME`, `${HOME}/x` and `"$HOME/x"`
 * use `homeDir`; any other expansion makes the path unknown (undefined).
 */
export function resolveWordPath(word: ShellWord, cwd: string | undefined, homeDir: string | undefined): string | undefined {
  let p = word.value;
  if (p === undefined) {
    const m = /^"?(?:\$HOME|\$\{HOME\})"?((?:\/[^"$`\\*?[]*)?)"?$/.exec(word.text);
    if (!m || homeDir === undefined) return undefined;
    return path.resolve(homeDir, `.${m[1] ?? ''}`);
  }
  if (p === '~' || p.startsWith('~/')) {
    if (homeDir === undefined) return undefined;
    p = path.join(homeDir, p.slice(1));
  } else if (p.startsWith('~')) {
    return undefined; // ~user
  }
  if (path.isAbsolute(p)) return path.resolve(p);
  return cwd === undefined ? undefined : path.resolve(cwd, p);
}

/** True when `p` is `root` or inside it. */
export function isWithin(p: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function isInsideRoots(p: string, roots: readonly string[]): boolean {
  return roots.some((r) => isWithin(p, r));
}

const STARTUP_BASENAMES = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.cshrc', '.tcshrc', '.login', '.kshrc', '.mkshrc', '.inputrc', '.envrc', 'config.fish', 'bash.bashrc',
]);

/** The text of a path as written, quotes removed, for name checks that must also see `"$HOME/.bashrc"`. */
function literalish(word: ShellWord): string {
  return word.value ?? word.text.replace(/["']/g, '');
}

/** Shell startup files: anything written there runs in every future shell. */
export function isShellStartupFile(word: ShellWord, abs: string | undefined): boolean {
  return isStartupPath(abs ?? literalish(word));
}

/** True for a path (absolute, or as written) naming a shell startup file. */
export function isStartupPath(p: string): boolean {
  const base = p.split(/[\\/]/).pop() ?? '';
  return STARTUP_BASENAMES.has(base) || /^\/etc\/(profile(\.d\/.*)?|environment|zsh\/.*|zshrc|zshenv)$/.test(p);
}

/** Other files where a write can run code or grant access: ssh keys and config, git hooks and config. */
export function isSensitiveFile(word: ShellWord, abs: string | undefined): boolean {
  const p = (abs ?? literalish(word)).replace(/\\/g, '/');
  return /(^|\/)\.ssh\//.test(p) || /(^|\/)\.git\/(hooks\/|config$)/.test(p) || /(^|\/)\.gitconfig$/.test(p);
}

/** Writes to these are harmless (`> /dev/null`, `2> /dev/stderr`). */
export function isHarmlessDevice(word: ShellWord): boolean {
  return /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/.test(word.value ?? '');
}

const BROAD_TEXT = new Set(['/', '/*', '*', '.*', '.', '..', './', '../', './*', '../*', '~', '~/', '~/*', '$HOME', '${HOME}', '"$HOME"', '"${HOME}"', '$HOME/', '$HOME/*', '"$HOME"/*']);

/**
 * True for an `rm -rf` target that would wipe far more than a build folder: `/`, `~`, `$HOME`, `*`, `.`,
 * `..`, a top-level directory (`/usr`, `/etc`), home itself, a workspace root or any parent of one.
 */
export function isBroadRemovalTarget(word: ShellWord, env: { cwd: string | undefined; homeDir?: string; roots: readonly string[] }): boolean {
  if (BROAD_TEXT.has(word.text) || (word.value !== undefined && BROAD_TEXT.has(word.value))) return true;
  const dirWord: ShellWord = word.value?.endsWith('/*') ? { ...word, value: word.value.slice(0, -2) || '/' } : word;
  const abs = resolveWordPath(dirWord, env.cwd, env.homeDir);
  if (abs === undefined) return false;
  if (abs === path.parse(abs).root || path.dirname(abs) === path.parse(abs).root) return true;
  if (env.homeDir !== undefined && isWithin(env.homeDir, abs)) return true;
  return env.roots.some((r) => isWithin(path.resolve(r), abs));
}
