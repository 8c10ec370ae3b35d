/** What the model is told about EnterWorktree (our own words). */
export const ENTER_WORKTREE_DESCRIPTION = 'Create or enter a git worktree and work there';

export const ENTER_WORKTREE_PROMPT = [
  'Moves the session into an isolated git worktree, so changes stay apart from the main working tree until you decide what to do with them.',
  '',
  'Without `path`, a new worktree is created from the current HEAD under .claude/worktrees/<name>, on a new branch worktree-<name>. `name` may use letters, digits, "-", "_" and "."; a random one is picked when you leave it out.',
  'With `path`, the session enters an existing worktree of the repository instead (nothing is created).',
  '',
  'From this call on, every tool works in the worktree: relative paths, Glob and Grep, and Bash commands start there, and the worktree counts as the workspace for file permissions. This lasts across turns until ExitWorktree.',
  'Use it only when the user asks for a worktree or for isolated work. Call ExitWorktree to return (keeping or removing the worktree).',
].join('\n');
