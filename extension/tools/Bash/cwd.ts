/**
 * The shell's working directory between Bash calls. Each call is a fresh bash, so the directory a command
 * ends in is reported back and kept per session; the next call starts there. A command that leaves the
 * workspace (and the directories the user added) does not move the shell: the cwd goes back to the
 * session's working directory and the result says so. A saved directory belongs to the session working
 * directory it was reached from: when EnterWorktree or ExitWorktree moves the session (`context.cwd`), the
 * next command starts in the new working directory (docs/ARCHITECTURE.md, "Worktrees").
 */
import path from 'node:path';
import type { ToolUseContext } from '../../core/tool/context';

function isWithin(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Directories the shell may stay in: the workspace roots (or the session cwd) and user-added directories. */
export function allowedRoots(context: ToolUseContext): string[] {
  const roots = context.ports.workspace.roots.length ? [...context.ports.workspace.roots] : [context.cwd];
  const added = context.getAppState().toolPermissionContext.additionalWorkingDirectories;
  return [...roots, ...added.keys()];
}

export class ShellCwdTracker {
  private readonly bySession = new Map<string, { base: string; dir: string }>();

  /** Where the next command of this session starts (the session's cwd until a command moves it). */
  get(context: ToolUseContext): string {
    const saved = this.bySession.get(context.sessionId);
    return saved && saved.base === context.cwd ? saved.dir : context.cwd;
  }

  /** Like `get`, but falls back to the session's cwd when the saved directory was deleted meanwhile. */
  async resolve(context: ToolUseContext): Promise<string> {
    const saved = this.get(context);
    if (saved === context.cwd) return saved;
    const stat = await context.ports.workspace.stat(saved).catch(() => undefined);
    if (stat?.type === 'directory') return saved;
    this.bySession.delete(context.sessionId);
    return context.cwd;
  }

  /** Records where a command ended; returns a note for the result when the directory was not kept. */
  update(context: ToolUseContext, reported: string | undefined): string | undefined {
    if (reported === undefined || reported === this.get(context)) return undefined;
    if (allowedRoots(context).some((root) => isWithin(root, reported))) {
      this.bySession.set(context.sessionId, { base: context.cwd, dir: reported });
      return undefined;
    }
    this.bySession.delete(context.sessionId);
    return `Shell cwd was reset to ${context.cwd}`;
  }
}
