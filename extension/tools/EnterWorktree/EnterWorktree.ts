/**
 * EnterWorktree: creates a git worktree (or enters an existing one) and moves the session's working
 * directory there for every tool from this call on: the rest of the turn through `contextModifier`, later
 * turns through `AppState.worktreeSession` (docs/ARCHITECTURE.md, "Worktrees"). It changes where the
 * session works, so it asks permission unless a rule or mode allows it.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import type { WorktreeInfo, WorktreePort } from '../../core/contracts/worktree';
import { enterWorktreeContext, worktreeNameProblem } from '../../core/engines/worktrees/worktreeSession';
import type { WorktreeSession } from '../../core/contracts/worktree';
import { ENTER_WORKTREE_TOOL_NAME } from '../../protocol/toolNames';
import { worktreePortOf } from '../shared/worktrees';
import { ENTER_WORKTREE_DESCRIPTION, ENTER_WORKTREE_PROMPT } from './prompt';

const inputSchema = z.strictObject({
  name: z.string().optional().describe('Name of the new worktree (letters, digits, "-", "_", "."); random when omitted'),
  path: z.string().optional().describe('Path of an existing worktree to enter instead of creating one'),
});

export type EnterWorktreeInput = z.infer<typeof inputSchema>;

export interface EnterWorktreeOutput {
  worktreePath: string;
  worktreeBranch: string;
  originalCwd: string;
  created: boolean;
  message: string;
}

async function enterExisting(port: WorktreePort, target: string): Promise<WorktreeInfo> {
  const found = await port.find(target);
  if (!found) {
    throw new ToolError('not_found', `${target} is not a linked git worktree: pass the path of one (git worktree list shows them), or leave path out to create a new worktree.`);
  }
  return found;
}

async function obtain(input: EnterWorktreeInput, context: ToolUseContext): Promise<WorktreeInfo> {
  const port = worktreePortOf(context);
  if (input.path !== undefined) return enterExisting(port, path.resolve(context.cwd, input.path));
  try {
    return await port.create(context.cwd, input.name !== undefined ? { name: input.name } : {});
  } catch (error) {
    throw new ToolError('internal', `Could not create a worktree: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const EnterWorktreeTool = buildTool({
  name: ENTER_WORKTREE_TOOL_NAME,
  searchHint: 'git worktree isolate branch separate working directory',
  inputSchema,
  shouldDefer: true,
  maxResultSizeChars: 10_000,
  async description() {
    return ENTER_WORKTREE_DESCRIPTION;
  },
  async prompt() {
    return ENTER_WORKTREE_PROMPT;
  },
  userFacingName: () => 'Enter Worktree',
  getToolUseSummary: (input) => input?.path ?? input?.name ?? null,
  getActivityDescription: (input) => (input?.path ? `Entering worktree ${input.path}` : 'Creating a worktree'),
  toAutoClassifierInput: (input) => input.path ?? input.name ?? '',

  async validateInput(input, context) {
    if (input.name !== undefined && input.path !== undefined) {
      return { result: false, message: 'Pass either name (to create a worktree) or path (to enter an existing one), not both.' };
    }
    const badName = input.name !== undefined ? worktreeNameProblem(input.name) : undefined;
    if (badName) return { result: false, message: badName };
    if (input.path !== undefined && !input.path.trim()) return { result: false, message: 'path is empty: pass the path of an existing worktree, or leave it out.' };
    if (context.worktree) {
      return { result: false, message: `The session is already in the worktree ${context.worktree.worktree.path}: call ExitWorktree first.` };
    }
    return { result: true };
  },

  async checkPermissions(input) {
    const what = input.path ? `enter the worktree ${input.path}` : `create a git worktree${input.name ? ` named ${input.name}` : ''}`;
    return { behavior: 'passthrough', message: `Codewright wants to ${what} and work there.` };
  },

  async call(input, context) {
    const worktree = await obtain(input, context);
    const session: WorktreeSession = { worktree, originalCwd: context.cwd, created: input.path === undefined, ...(context.agentId ? { agentId: context.agentId } : {}) };
    context.setAppState((prev) => ({ ...prev, worktreeSession: session }));
    const verb = session.created ? 'Created' : 'Entered';
    const message = `${verb} worktree at ${worktree.path} on branch ${worktree.branch}. The session now works there (tools, paths and Bash start in it); call ExitWorktree to return to ${context.cwd}.`;
    const data: EnterWorktreeOutput = { worktreePath: worktree.path, worktreeBranch: worktree.branch, originalCwd: context.cwd, created: session.created, message };
    return { data, contextModifier: (ctx: ToolUseContext) => enterWorktreeContext(ctx, session) };
  },

  mapToolResultToToolResultBlockParam(output: EnterWorktreeOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: output.message };
  },
});
