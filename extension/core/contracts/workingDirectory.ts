/**
 * The workspace and the working directory as every tool sees them (docs/ARCHITECTURE.md, "Workspace folders
 * and the working directory"). The workspace is one list: every folder of the (possibly multi-root)
 * workspace, or the session's working directory when there is none, then the directories the user added
 * (`additionalDirectories` in settings, `--add-dir`, "add this folder" in a prompt). The permission checks,
 * the Bash analysis, Glob and Grep and the shell's `cd` all ask this module, so they cannot disagree.
 *
 * The working directory is the session's (`ToolUseContext.cwd`) until a Bash `cd` moves it inside the
 * workspace: the session's `WorkingDirectory` keeps the move, and the executor hands every later call a
 * context whose `cwd` is the moved one (`originalCwd` keeps the session's), so Read, Write, Edit, Glob, Grep,
 * LSP… resolve relative paths where the shell is. A `cd` outside the workspace is undone with a note.
 */
import path from 'node:path';
import type { ToolUseContext } from './toolUseContext';

/** The session's working directory, before any Bash `cd` moved it. */
export function sessionCwd(context: ToolUseContext): string {
  return context.originalCwd ?? context.cwd;
}

/** The workspace folders (all of a multi-root workspace), or the session's working directory when there are none. */
export function workspaceRoots(context: ToolUseContext): string[] {
  const roots = context.ports.workspace.roots;
  return roots.length ? [...roots] : [sessionCwd(context)];
}

/** The workspace folders and the directories the user added: everything "inside the workspace". */
export function workingDirectories(context: ToolUseContext): string[] {
  const added = context.getAppState().toolPermissionContext.additionalWorkingDirectories;
  return [...new Set([...workspaceRoots(context), ...added.keys()])];
}

/** True when `p` is `dir` or inside it (no link is resolved). */
export function isWithinDir(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * Where a session's shell has moved the working directory. A move belongs to the session working directory
 * it was made from (`base`): when EnterWorktree or ExitWorktree moves the session, the move no longer applies.
 */
export class WorkingDirectory {
  private moved: { base: string; dir: string } | undefined;

  /** The working directory for a session whose own is `base`. */
  current(base: string): string {
    return this.moved && this.moved.base === base ? this.moved.dir : base;
  }

  /** Moves to `dir` (back to the session's own when `dir` is `base`). */
  move(base: string, dir: string): void {
    this.moved = dir === base ? undefined : { base, dir };
  }

  reset(): void {
    this.moved = undefined;
  }
}

/**
 * The context a tool call runs in: `cwd` moved where the shell is, `originalCwd` the session's. A moved-to
 * folder that was deleted meanwhile, or that left the workspace (a folder was removed), is dropped.
 */
export async function withWorkingDirectory(context: ToolUseContext): Promise<ToolUseContext> {
  const tracker = context.workingDirectory;
  if (!tracker || context.originalCwd !== undefined) return context;
  const dir = tracker.current(context.cwd);
  if (dir === context.cwd) return context;
  const stat = await context.ports.workspace.stat(dir).catch(() => undefined);
  if (stat?.type !== 'directory' || !workingDirectories(context).some((root) => isWithinDir(root, dir))) {
    tracker.reset();
    return context;
  }
  return { ...context, cwd: dir, originalCwd: context.cwd };
}

/**
 * Records where a shell command ended (`reported`, absolute): inside the workspace the working directory
 * moves there; outside it goes back to the session's, and the returned note (for the model) says so.
 */
export function recordShellCwd(context: ToolUseContext, reported: string | undefined): string | undefined {
  const tracker = context.workingDirectory;
  if (!tracker || reported === undefined || reported === context.cwd) return undefined;
  const base = sessionCwd(context);
  if (workingDirectories(context).some((root) => isWithinDir(root, reported))) {
    tracker.move(base, reported);
    return undefined;
  }
  tracker.reset();
  return `Shell cwd was reset to ${base}`;
}

/**
 * Where Glob and Grep search when given no path: the working directory, and when it is a workspace folder
 * (not moved by a `cd`), every other folder of a multi-root workspace too. Added directories are searched
 * only when named.
 */
export function defaultSearchRoots(context: ToolUseContext): string[] {
  const cwd = path.resolve(context.cwd);
  const roots = context.ports.workspace.roots.map((r) => path.resolve(r));
  if (context.originalCwd !== undefined || !roots.includes(cwd)) return [cwd];
  const others = roots.filter((r) => !isWithinDir(r, cwd) && !isWithinDir(cwd, r));
  return [cwd, ...new Set(others)];
}
