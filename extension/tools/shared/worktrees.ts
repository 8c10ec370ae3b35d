/** What EnterWorktree and ExitWorktree share: reaching the worktree port. */
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import type { WorktreePort } from '../../core/contracts/worktree';

/** The worktree port, or an error that says worktrees cannot be used here. */
export function worktreePortOf(context: ToolUseContext): WorktreePort {
  const port = context.ports.worktrees;
  if (!port) throw new ToolError('unavailable', 'Worktrees are not available in this session (no git support): work in the current directory instead.');
  return port;
}
