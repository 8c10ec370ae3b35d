/**
 * `isolation: "worktree"` (docs/ARCHITECTURE.md, Sub-agents): the sub-agent works in a fresh git worktree of
 * the parent's repository; afterwards the worktree is removed when it made no changes, else kept and named in
 * the result so the parent can review and merge its branch.
 */
import type { AgentId } from '../../base/ids';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { WorktreeInfo, WorktreePort } from '../../contracts/worktree';

export interface AgentWorktree {
  port: WorktreePort;
  info: WorktreeInfo;
}

export const NO_WORKTREE_PORT =
  'isolation "worktree" is not available here: this host cannot create git worktrees. Run the agent without isolation, or start it from a git repository in the VS Code extension.';

export async function createAgentWorktree(parent: ToolUseContext, agentId: AgentId): Promise<AgentWorktree> {
  const port = parent.ports.worktrees;
  if (!port) throw new Error(NO_WORKTREE_PORT);
  try {
    const info = await port.create(parent.cwd, { name: `agent-${agentId.slice(-8)}` });
    return { port, info };
  } catch (err) {
    throw new Error(`Could not create a git worktree for the agent: ${err instanceof Error ? err.message : String(err)}. Run it without isolation.`);
  }
}

/** Removes the worktree when it has no changes; returns where it is when kept (changes, or removal failed). */
export async function cleanUpWorktree({ port, info }: AgentWorktree): Promise<{ path: string; branch: string } | undefined> {
  try {
    if (await port.hasChanges(info)) return { path: info.path, branch: info.branch };
    await port.remove(info);
    return undefined;
  } catch {
    return { path: info.path, branch: info.branch };
  }
}
