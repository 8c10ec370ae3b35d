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

/** What a worktree holds that its base does not. */
export interface WorktreeStatus {
  /** Paths (relative to the worktree) with uncommitted changes, untracked files included. */
  changedFiles: string[];
  /** Commits on the worktree's HEAD that its base does not have. */
  commitsAhead: number;
}

export interface WorktreePort {
  /** Creates a worktree of the repository containing `cwd` on a new branch; `name` picks folder and branch names. */
  create(cwd: string, options?: { name?: string; path?: string }): Promise<WorktreeInfo>;
  /** True when the worktree has uncommitted changes or commits its base does not have. */
  hasChanges(worktree: WorktreeInfo): Promise<boolean>;
  /** The details behind `hasChanges` (ExitWorktree lists the files); optional for ports that cannot tell. */
  status?(worktree: WorktreeInfo): Promise<WorktreeStatus>;
  /** Removes the worktree (and its branch when it has no commits of its own); `force` drops uncommitted changes. */
  remove(worktree: WorktreeInfo, options?: { force?: boolean }): Promise<void>;
  /** The worktree containing `path`, when it is one this port created or a linked worktree of the repository. */
  find(path: string): Promise<WorktreeInfo | undefined>;
}

/** A worktree the session works in, and where it came from. */
export interface WorktreeSession {
  worktree: WorktreeInfo;
  /** The working directory before EnterWorktree; ExitWorktree returns there. */
  originalCwd: string;
  /** True when EnterWorktree created it (only those may be removed by ExitWorktree). */
  created: boolean;
  /** The sub-agent that entered it (absent for the main agent): only that agent may leave it. */
  agentId?: string;
}
