/**
 * Path safety for tools that write files. Some places are never written without asking, whatever the mode
 * or the allow rules say: outside the workspace folders (and the directories the user added), the
 * repository's internals, editor and agent configuration, and shell startup files, which run code the
 * next time a shell starts. Paths are checked after symlinks are resolved (a link inside the workspace may
 * point anywhere), and the path as written is checked too.
 */
import path from 'node:path';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { workspaceRoots } from '../../contracts/workingDirectory';
import type { ToolPermissionContext } from '../../contracts/permissions';

/** Folders whose contents are protected wherever they appear in a path. */
const PROTECTED_DIRS = new Map<string, string>([
  ['.git', 'it is inside .git/, the repository internals (hooks there run code)'],
  ['.vscode', 'it is inside .vscode/, editor configuration that can run tasks and code'],
  ['.idea', 'it is inside .idea/, IDE configuration that can run code'],
  ['.ssh', 'it is inside .ssh/, which controls SSH access (keys, authorized_keys, config)'],
]);

/** Files that run or configure code, protected wherever they are. */
const PROTECTED_FILES = new Map<string, string>([
  ['.bashrc', 'it is a shell startup file'],
  ['.bash_profile', 'it is a shell startup file'],
  ['.bash_login', 'it is a shell startup file'],
  ['.bash_logout', 'it is a shell startup file'],
  ['.profile', 'it is a shell startup file'],
  ['.zshrc', 'it is a shell startup file'],
  ['.zprofile', 'it is a shell startup file'],
  ['.zshenv', 'it is a shell startup file'],
  ['.zlogin', 'it is a shell startup file'],
  ['.zlogout', 'it is a shell startup file'],
  ['config.fish', 'it is a shell startup file'],
  ['.cshrc', 'it is a shell startup file'],
  ['.tcshrc', 'it is a shell startup file'],
  ['.kshrc', 'it is a shell startup file'],
  ['.gitconfig', 'it is git configuration (it can run commands)'],
  ['.gitmodules', 'it is git configuration (it can fetch other repositories)'],
  ['.mcp.json', 'it configures MCP servers, which run code'],
  ['.claude.json', 'it is agent configuration'],
  ['.ripgreprc', 'it configures ripgrep for every search'],
]);

/** `.claude/settings.json`, `.claude/settings.local.json` and the like: the permission rules themselves. */
const SETTINGS_FILE = /^settings(\..+)?\.json$/;

function segmentsOf(p: string): string[] {
  // Compared case-insensitively: on macOS and Windows `.GIT/config` is `.git/config`.
  return p.split(/[\\/]+/).filter((s) => s !== '').map((s) => s.toLowerCase());
}

/** Why writing `absPath` must always ask, or undefined when it is not a protected path. */
export function protectedPathReason(absPath: string): string | undefined {
  const segments = segmentsOf(absPath);
  for (const segment of segments) {
    const reason = PROTECTED_DIRS.get(segment);
    if (reason) return reason;
  }
  const name = segments[segments.length - 1];
  if (name === undefined) return undefined;
  const fileReason = PROTECTED_FILES.get(name);
  if (fileReason) return fileReason;
  if (segments[segments.length - 2] === '.claude' && SETTINGS_FILE.test(name)) {
    return 'it holds permission settings (changing it changes what the agent may do)';
  }
  return undefined;
}

/** True when `p` is `dir` or inside it. */
export function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/**
 * The workspace folders (the session's working directory when there are none) and the directories in
 * `permissions` (the one list is core/contracts/workingDirectory.ts; `permissions` may be a decision's own copy).
 */
export function workingDirectories(context: ToolUseContext, permissions: ToolPermissionContext): string[] {
  return [...new Set([...workspaceRoots(context), ...permissions.additionalWorkingDirectories.keys()])];
}

/** The path as written and with links resolved; the second equals the first when nothing was a link. */
export interface ResolvedPath {
  requested: string;
  real: string;
}

export async function resolvePath(context: ToolUseContext, absPath: string): Promise<ResolvedPath> {
  const requested = path.resolve(absPath);
  const real = await context.ports.workspace.realpath(requested).catch(() => requested);
  return { requested, real };
}

/** Both forms of each working directory, so a link to a root and the root itself both count. */
export async function resolvedWorkingDirectories(context: ToolUseContext, permissions: ToolPermissionContext): Promise<string[]> {
  const dirs = workingDirectories(context, permissions).map((d) => path.resolve(d));
  const real = await Promise.all(dirs.map((d) => context.ports.workspace.realpath(d).catch(() => d)));
  return [...new Set([...dirs, ...real])];
}

/** True when the file's real location is inside a workspace folder or an added directory. */
export async function isInWorkingDirectories(context: ToolUseContext, permissions: ToolPermissionContext, target: ResolvedPath): Promise<boolean> {
  const dirs = await resolvedWorkingDirectories(context, permissions);
  return dirs.some((d) => isWithin(d, target.real));
}

/** Text for the prompt when the path went through a link: `/ws/link (a link to /etc/passwd)`. */
export function describeResolved(target: ResolvedPath): string {
  return target.real === target.requested ? target.requested : `${target.requested} (a link to ${target.real})`;
}
