/** What the model is told about EnterWorktree (our own words). */
export const ENTER_WORKTREE_DESCRIPTION = 'Create or enter a git worktree and work there';

export const ENTER_WORKTREE_PROMPT = [
  'Moves the session into an isolated git worktree, so changes stay apart from the main working tree. Use it only when the user asks for a worktree or isolated work.',
  '',
  'Without `path`, a new worktree is created from HEAD under .claude/worktrees/<name>, on a new branch worktree-<name>; with `path`, the session enters an existing worktree of the repository.',
  'Until ExitWorktree (across turns), every tool works there: relative paths, Glob, Grep and Bash start in it, and it counts as the workspace for file permissions.',
].join('\n');
