/**
 * ExitPlanMode: puts the finished plan before the user through the PlanApproval port and waits
 * (docs/ARCHITECTURE.md, Plan mode). Approved: the mode switches to the one the user picked (default or
 * acceptEdits) and the model is told to start. Sent back: plan mode stays on and the feedback goes to the
 * model. The plan comes from `plan`, or from the session's plan file when the model wrote one.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import type { PlanExecutionMode } from '../../core/contracts/planApproval';
import { leavePlanMode, PLAN_FILE_NAME, withPermissionContext } from '../../core/engines/permissions/planMode';
import { ToolError } from '../../core/contracts/toolErrors';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { buildTool, type ToolDef } from '../../core/contracts/tool';
import { EXIT_PLAN_MODE_TOOL_NAME } from '../../protocol/toolNames';
import { presentPlan } from './present';
import {
  approvedText,
  EXIT_PLAN_MODE_DESCRIPTION,
  EXIT_PLAN_MODE_GUIDANCE,
  EXIT_PLAN_MODE_PROMPT,
  keepPlanningText,
  NO_PLAN,
  NOBODY_TO_APPROVE,
  NOT_IN_SUB_AGENTS,
  NOT_PLANNING,
} from './prompt';

export const MAX_PLAN_CHARS = 100_000;

const inputSchema = z.strictObject({
  plan: z
    .string()
    .max(MAX_PLAN_CHARS)
    .optional()
    .describe('The plan as markdown'),
});

export type ExitPlanModeInput = z.infer<typeof inputSchema>;

export type ExitPlanModeOutput = { plan: string; planFilePath?: string } & (
  | { outcome: 'approved'; mode: PlanExecutionMode }
  | { outcome: 'keepPlanning'; feedback: string }
);

/** The plan text and where it came from: the input, else the session's plan file. */
async function planOf(input: ExitPlanModeInput, context: ToolUseContext): Promise<{ plan: string; planFilePath?: string }> {
  const given = input.plan?.trim();
  if (given) return { plan: given };
  const fromFile = (await context.ports.storage.readText(PLAN_FILE_NAME))?.trim();
  if (!fromFile) throw new ToolError('invalid_input', NO_PLAN);
  return { plan: fromFile.slice(0, MAX_PLAN_CHARS), planFilePath: path.join(context.ports.storage.dir, PLAN_FILE_NAME) };
}

/** The mode the card offers first: acceptEdits when plan mode was entered from it, else default. */
function suggestedMode(context: ToolUseContext): PlanExecutionMode {
  return context.getAppState().toolPermissionContext.prePlanMode === 'acceptEdits' ? 'acceptEdits' : 'default';
}

const exitPlanModeDef = {
  name: EXIT_PLAN_MODE_TOOL_NAME,
  searchHint: 'plan approval finish planning present plan',
  inputSchema,
  maxResultSizeChars: MAX_PLAN_CHARS + 2_000,
  guidance: EXIT_PLAN_MODE_GUIDANCE,
  present: presentPlan,
  // It changes no file (only the mode, once the user says so): plan mode must let it run.
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel' as const,
  async description() {
    return EXIT_PLAN_MODE_DESCRIPTION;
  },
  async prompt() {
    return EXIT_PLAN_MODE_PROMPT;
  },
  userFacingName: () => 'Plan',
  getActivityDescription: () => 'Waiting for your approval',
  toAutoClassifierInput: (input: ExitPlanModeInput) => input.plan ?? '',

  async call(input: ExitPlanModeInput, context: ToolUseContext) {
    if (context.agentId !== undefined) throw new ToolError('unavailable', NOT_IN_SUB_AGENTS);
    if (context.getAppState().toolPermissionContext.mode !== 'plan') throw new ToolError('invalid_input', NOT_PLANNING);
    const { plan, planFilePath } = await planOf(input, context);
    const port = context.ports.planApproval;
    if (!port) throw new ToolError('unavailable', NOBODY_TO_APPROVE);
    const signal = context.abortController.signal;
    if (signal.aborted) throw new ToolError('interrupted', 'Interrupted by user before the plan was shown.');
    const request = { plan, suggestedMode: suggestedMode(context), ...(planFilePath ? { planFilePath } : {}) };
    const response = await port.approve(request, signal);
    if (signal.aborted) throw new ToolError('interrupted', 'Interrupted by user while the plan waited for approval.');
    const where = planFilePath ? { planFilePath } : {};
    if (response.kind === 'keepPlanning') return { data: { plan, ...where, outcome: 'keepPlanning' as const, feedback: response.feedback } };
    context.setAppState(withPermissionContext((ctx) => leavePlanMode(ctx, response.mode)));
    return { data: { plan, ...where, outcome: 'approved' as const, mode: response.mode } };
  },

  mapToolResultToToolResultBlockParam(output: ExitPlanModeOutput, toolUseId: string): ToolResultBlock {
    const content = output.outcome === 'approved' ? approvedText(output.mode, output.plan, output.planFilePath) : keepPlanningText(output.feedback);
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
} satisfies ToolDef<typeof inputSchema, ExitPlanModeOutput>;

export const ExitPlanModeTool = buildTool(exitPlanModeDef);
