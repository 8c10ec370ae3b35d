/**
 * The session's working directory while it works in a git worktree (docs/ARCHITECTURE.md, "Worktrees").
 * EnterWorktree moves a context into the worktree: `cwd` becomes the worktree's folder and the workspace's
 * `roots` become that folder alone, so relative paths, Glob, Grep, Bash's starting directory and the
 * permission checks on file paths (which read `workspace.roots`) all treat the worktree as the workspace.
 * ExitWorktree moves it back. The same functions serve the rest of the turn (a tool's `contextModifier`) and
 * later turns (`AgentSession` re-applies the `worktreeSession` kept in AppState), so both agree.
 */
import type { WorktreeSession } from '../../contracts/worktree';
import type { FileStat, Workspace } from '../../contracts/workspace';
import type { TextFile } from '../../base/text/encoding';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** Why `name` cannot name a worktree, or undefined when it can (it becomes a folder and a branch name). */
export function worktreeNameProblem(name: string): string | undefined {
  if (!NAME.test(name)) {
    return `"${name}" is not a valid worktree name: use 1 to 64 letters, digits, "-", "_" or ".".`;
  }
  if (name.startsWith('.') || name.includes('..') || name.endsWith('.lock')) {
    return `"${name}" is not a valid worktree name: it may not start with ".", contain "..", or end with ".lock".`;
  }
  return undefined;
}

/** The workspace seen from inside a worktree: the same files, with the worktree as its only root. */
export class WorktreeWorkspace implements Workspace {
  readonly roots: readonly string[];

  constructor(
    readonly inner: Workspace,
    root: string,
  ) {
    this.roots = [root];
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.inner.stat(path);
  }
  readBytes(path: string): Promise<Uint8Array> {
    return this.inner.readBytes(path);
  }
  readText(path: string): Promise<TextFile> {
    return this.inner.readText(path);
  }
  writeText(path: string, content: string, opts: { encoding: TextFile['encoding']; bom: boolean }): Promise<{ mtimeMs: number }> {
    return this.inner.writeText(path, content, opts);
  }
  list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]> {
    return this.inner.list(dir);
  }
  realpath(path: string): Promise<string> {
    return this.inner.realpath(path);
  }
}

/** The workspace without any worktree view on top. */
export function baseWorkspace(workspace: Workspace): Workspace {
  let current = workspace;
  while (current instanceof WorktreeWorkspace) current = current.inner;
  return current;
}

/** The parts of a tool context that say where the session works. */
interface Located {
  cwd: string;
  worktree?: WorktreeSession;
  ports: { workspace: Workspace };
}

/** `context` working inside `session`'s worktree. */
export function enterWorktreeContext<C extends Located>(context: C, session: WorktreeSession): C {
  const workspace = new WorktreeWorkspace(baseWorkspace(context.ports.workspace), session.worktree.path);
  return { ...context, cwd: session.worktree.path, worktree: session, ports: { ...context.ports, workspace } };
}

/** `context` back in the directory it worked in before the worktree. */
export function exitWorktreeContext<C extends Located>(context: C): C {
  const original = context.worktree?.originalCwd ?? context.cwd;
  const { worktree: _left, ...rest } = context;
  return { ...rest, cwd: original, ports: { ...context.ports, workspace: baseWorkspace(context.ports.workspace) } } as C;
}

