/** What the model is told about ExitWorktree (our own words). */
export const EXIT_WORKTREE_DESCRIPTION = 'Leave the git worktree and return to the original directory';

export const EXIT_WORKTREE_PROMPT = [
  'Leaves the worktree EnterWorktree moved the session into (in this session), returning every tool to the original working directory.',
  '- "keep": the worktree and branch stay on disk; the result says where.',
  '- "remove": deletes the folder, and the branch unless it has commits of its own. With uncommitted changes removal is refused and the files listed: commit them, keep, or pass discard_changes: true only when the user agreed to throw them away.',
  'A worktree entered by path (not created) can only be kept.',
].join('\n');
