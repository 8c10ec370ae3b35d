/**
 * EnterPlanMode: switches the session's permission mode to `plan`, remembering the mode it left
 * (docs/ARCHITECTURE.md, Plan mode). The change goes to AppState, which the engine reads at every call, so
 * the very next call of the same turn is already held to read-only tools; the session pushes it on to the
 * window's mode (header, status bar). Refused inside sub-agents and where nobody could approve a plan.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { enterPlanMode, withPermissionContext } from '../../core/engines/permissions/planMode';
import type { PermissionMode } from '../../core/contracts/permissions';
import { ToolError } from '../../core/contracts/toolErrors';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { ENTER_PLAN_MODE_TOOL_NAME } from '../../protocol/toolNames';
import {
  ALREADY_PLANNING,
  enteredText,
  ENTER_PLAN_MODE_DESCRIPTION,
  ENTER_PLAN_MODE_GUIDANCE,
  ENTER_PLAN_MODE_PROMPT,
  NOBODY_TO_APPROVE,
  NOT_IN_SUB_AGENTS,
} from './prompt';

const inputSchema = z.strictObject({});

export interface EnterPlanModeOutput {
  /** The mode plan mode was entered from. */
  previousMode: PermissionMode;
}

const enterPlanModeDef = {
  name: ENTER_PLAN_MODE_TOOL_NAME,
  searchHint: 'plan mode read-only design approach before editing',
  inputSchema,
  maxResultSizeChars: 10_000,
  guidance: ENTER_PLAN_MODE_GUIDANCE,
  // It changes the session's permission mode, nothing else: not read-only, but plan mode must not refuse it.
  // Not concurrency-safe: the calls after it in the same message must see the new mode.
  sessionStateOnly: true,
  async description() {
    return ENTER_PLAN_MODE_DESCRIPTION;
  },
  async prompt() {
    return ENTER_PLAN_MODE_PROMPT;
  },
  userFacingName: () => 'Plan mode',
  getActivityDescription: () => 'Entering plan mode',

  async call(_input: z.infer<typeof inputSchema>, context: ToolUseContext) {
    if (context.agentId !== undefined) throw new ToolError('unavailable', NOT_IN_SUB_AGENTS);
    if (!context.ports.planApproval) throw new ToolError('unavailable', NOBODY_TO_APPROVE);
    const previousMode = context.getAppState().toolPermissionContext.mode;
    if (previousMode === 'plan') throw new ToolError('no_op', ALREADY_PLANNING);
    context.setAppState(withPermissionContext(enterPlanMode));
    return { data: { previousMode } };
  },

  mapToolResultToToolResultBlockParam(output: EnterPlanModeOutput, toolUseId: string): ToolResultBlock {
    return { type: 'tool_result', tool_use_id: toolUseId, content: enteredText(output.previousMode) };
  },
} satisfies ToolDef<typeof inputSchema, EnterPlanModeOutput>;

export const EnterPlanModeTool = buildTool(enterPlanModeDef);
