/** What EnterWorktree and ExitWorktree share: reaching the worktree port. */
import type { ToolUseContext } from '../../core/tool/context';
import { ToolError } from '../../core/tool/errors';
import type { WorktreePort } from '../../core/worktreePort';

/** The worktree port, or an error that says worktrees cannot be used here. */
export function worktreePortOf(context: ToolUseContext): WorktreePort {
  const port = context.ports.worktrees;
  if (!port) throw new ToolError('unavailable', 'Worktrees are not available in this session (no git support): work in the current directory instead.');
  return port;
}
