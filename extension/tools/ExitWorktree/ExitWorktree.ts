/**
 * ExitWorktree: leaves the worktree EnterWorktree moved the session into, keeping it or removing it, and
 * moves every tool back to the original directory (docs/ARCHITECTURE.md, "Worktrees"). Removal refuses to
 * drop uncommitted changes unless `discard_changes` is true, and lists the files it would lose.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import type { WorktreePort, WorktreeStatus } from '../../core/contracts/worktree';
import { exitWorktreeContext } from '../../core/engines/worktrees/worktreeSession';
import type { WorktreeSession } from '../../core/contracts/worktree';
import { EXIT_WORKTREE_TOOL_NAME } from '../../protocol/toolNames';
import { worktreePortOf } from '../shared/worktrees';
import { EXIT_WORKTREE_DESCRIPTION, EXIT_WORKTREE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  action: z.enum(['keep', 'remove']).describe('"keep" leaves the worktree on disk; "remove" deletes it'),
  discard_changes: z.boolean().optional().describe('With "remove": delete it even though it has uncommitted changes'),
});

export type ExitWorktreeInput = z.infer<typeof inputSchema>;

export interface ExitWorktreeOutput {
  action: 'keep' | 'remove';
  worktreePath: string;
  worktreeBranch: string;
  originalCwd: string;
  /** With remove: whether the branch was kept because it has commits of its own. */
  branchKept?: boolean;
  discardedFiles?: string[];
  message: string;
}

const MAX_LISTED = 20;

function listFiles(files: readonly string[]): string {
  const shown = files.slice(0, MAX_LISTED).join(', ');
  return files.length > MAX_LISTED ? `${shown} and ${files.length - MAX_LISTED} more` : shown;
}

/** What the worktree holds, through `status` when the port has it, else `hasChanges` alone. */
async function statusOf(port: WorktreePort, session: WorktreeSession): Promise<WorktreeStatus | { changed: boolean }> {
  if (port.status) return port.status(session.worktree);
  return { changed: await port.hasChanges(session.worktree) };
}

async function removeWorktree(session: WorktreeSession, input: ExitWorktreeInput, context: ToolUseContext): Promise<Pick<ExitWorktreeOutput, 'branchKept' | 'discardedFiles' | 'message'>> {
  const port = worktreePortOf(context);
  const { path: where, branch } = session.worktree;
  const status = await statusOf(port, session);
  const files = 'changedFiles' in status ? status.changedFiles : [];
  const dirty = 'changedFiles' in status ? files.length > 0 : status.changed;
  if (dirty && !input.discard_changes) {
    const listed = files.length ? `: ${listFiles(files)}` : '';
    throw new ToolError(
      'invalid_input',
      `The worktree at ${where} has uncommitted changes${listed}. Nothing was removed and the session is still in the worktree. Commit them first, exit with action "keep", or call ExitWorktree again with discard_changes: true if the user agreed to lose them.`,
    );
  }
  await port.remove(session.worktree, { force: input.discard_changes === true });
  const branchKept = 'commitsAhead' in status ? status.commitsAhead > 0 : false;
  const discarded = dirty ? ` Discarded uncommitted changes${files.length ? ` in ${listFiles(files)}` : ''}.` : '';
  const branchText = branchKept ? ` Its branch ${branch} has commits of its own and was kept.` : ` Its branch ${branch} was deleted.`;
  return {
    branchKept,
    ...(dirty ? { discardedFiles: files } : {}),
    message: `Removed the worktree at ${where}.${branchText}${discarded} Back in ${session.originalCwd}.`,
  };
}

export const ExitWorktreeTool = buildTool({
  name: EXIT_WORKTREE_TOOL_NAME,
  searchHint: 'git worktree leave return remove keep',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  async description() {
    return EXIT_WORKTREE_DESCRIPTION;
  },
  async prompt() {
    return EXIT_WORKTREE_PROMPT;
  },
  userFacingName: () => 'Exit Worktree',
  getToolUseSummary: (input) => input?.action ?? null,
  getActivityDescription: (input) => (input?.action === 'remove' ? 'Removing the worktree' : 'Leaving the worktree'),
  toAutoClassifierInput: (input) => `${input.action}${input.discard_changes ? ' discarding changes' : ''}`,
  isDestructive: (input) => input.action === 'remove',
  destructiveWarning: (input) =>
    input.discard_changes
      ? 'This deletes the worktree and discards its uncommitted changes (destructive: they cannot be recovered)'
      : 'This deletes the worktree (destructive: files in it that git ignores are lost; uncommitted changes stop it)',

  async validateInput(input, context) {
    const session = context.worktree;
    if (!session) return { result: false, message: 'The session is not in a worktree: ExitWorktree only applies after EnterWorktree. Nothing to leave.' };
    if (session.agentId !== context.agentId) {
      return { result: false, message: `The worktree at ${session.worktree.path} was entered by ${session.agentId ? `agent ${session.agentId}` : 'the main session'}, so only it can leave it; keep working there.` };
    }
    if (input.action === 'remove' && !session.created) {
      return { result: false, message: `The worktree at ${session.worktree.path} was entered, not created, by this session, so it is not removed here: use action "keep".` };
    }
    if (input.discard_changes && input.action !== 'remove') return { result: false, message: 'discard_changes only applies with action "remove".' };
    return { result: true };
  },

  async checkPermissions(input, context) {
    const where = context.worktree?.worktree.path ?? 'the worktree';
    const what = input.action === 'remove' ? `remove ${where}${input.discard_changes ? ', discarding uncommitted changes' : ''}` : `leave ${where}`;
    return { behavior: 'passthrough', message: `Codewright wants to ${what} and return to the original directory.` };
  },

  async call(input, context) {
    const session = context.worktree;
    if (!session) throw new ToolError('invalid_input', 'The session is not in a worktree.');
    const { path: where, branch } = session.worktree;
    const removed = input.action === 'remove' ? await removeWorktree(session, input, context) : undefined;
    context.setAppState((prev) => ({ ...prev, worktreeSession: undefined }));
    const message = removed?.message ?? `Left the worktree; it is kept at ${where} on branch ${branch}. Back in ${session.originalCwd}.`;
    const data: ExitWorktreeOutput = { action: input.action, worktreePath: where, worktreeBranch: branch, originalCwd: session.originalCwd, ...removed, message };
    return { data, contextModifier: (ctx: ToolUseContext) => exitWorktreeContext(ctx) };
  },

  mapToolResultToToolResultBlockParam(output: ExitWorktreeOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.message };
  },
});
