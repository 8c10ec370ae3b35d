/**
 * Git worktrees (EnterWorktree / ExitWorktree, and the Agent tool's `isolation: "worktree"`). Core sees
 * only this port; host/node implements it with the git command line.
 */
export interface WorktreeInfo {
  /** Absolute path of the worktree's folder. */
  path: string;
  /** The branch checked out there. */
  branch: string;
  /** The repository's main working tree it was made from. */
  repoRoot: string;
}

export interface WorktreePort {
  /** Creates a worktree of the repository containing `cwd` on a new branch; `name` picks folder and branch names. */
  create(cwd: string, options?: { name?: string; path?: string }): Promise<WorktreeInfo>;
  /** True when the worktree has uncommitted changes or commits its base does not have. */
  hasChanges(worktree: WorktreeInfo): Promise<boolean>;
  /** Removes the worktree (and its branch when it has no commits of its own); `force` drops uncommitted changes. */
  remove(worktree: WorktreeInfo, options?: { force?: boolean }): Promise<void>;
  /** The worktree containing `path`, when it is one this port created or a linked worktree of the repository. */
  find(path: string): Promise<WorktreeInfo | undefined>;
}
