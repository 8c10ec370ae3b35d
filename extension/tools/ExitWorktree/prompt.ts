/** What the model is told about ExitWorktree (our own words). */
export const EXIT_WORKTREE_DESCRIPTION = 'Leave the git worktree and return to the original directory';

export const EXIT_WORKTREE_PROMPT = [
  'Leaves the worktree EnterWorktree moved the session into, and returns every tool to the original working directory.',
  '',
  '- action "keep": the worktree and its branch stay on disk; the result says where, so the user can continue there or merge the branch.',
  '- action "remove": the worktree folder is deleted, and its branch too when it has no commits of its own (a branch with commits is kept). If the worktree has uncommitted changes, removal is refused and the changed files are listed: commit them, choose "keep", or pass discard_changes: true only when the user agreed to throw them away.',
  '',
  'Only works after EnterWorktree in this session; a worktree that was entered by path (not created) can only be kept.',
].join('\n');
