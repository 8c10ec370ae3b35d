/** What the model is told about ExitPlanMode (our own words; the behaviour mirrors Claude Code's). */
import type { PlanExecutionMode } from '../../core/contracts/planApproval';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { ASK_USER_QUESTION_TOOL_NAME, ENTER_PLAN_MODE_TOOL_NAME, EXIT_PLAN_MODE_TOOL_NAME } from '../../protocol/toolNames';

export const EXIT_PLAN_MODE_DESCRIPTION = 'Present the finished plan to the user for approval and leave plan mode';

export const EXIT_PLAN_MODE_PROMPT = `In plan mode, once your plan is ready: shows it to the user, who approves it (choosing whether file edits still ask) or sends it back with feedback.

- \`plan\` holds the whole plan as markdown: what changes in which files, the steps in order, and how to check the result. Be concrete; the user decides on this text alone. Leave it out only when the session's plan file (plan.md in the session storage folder) holds the plan: that file is shown.
- Only for a plan of changes; answer research or questions directly. Do not ask for plan approval with ${ASK_USER_QUESTION_TOOL_NAME}.
- Sent back: plan mode stays on; revise the plan with the feedback and call it again. Approved: carry out the plan right away.`;

/** ExitPlanMode's line in the system prompt, right after EnterPlanMode's. */
export const EXIT_PLAN_MODE_GUIDANCE: ToolGuidance = {
  rank: 321,
  text: `In plan mode, present the finished plan with ${EXIT_PLAN_MODE_TOOL_NAME}, not as a question`,
};

const MODE_NOTES: Record<PlanExecutionMode, string> = {
  default: 'the permission mode is now "Ask before edits": file edits and commands still ask the user',
  acceptEdits: 'the permission mode is now "Accept edits": file edits in the workspace no longer ask',
};

export function approvedText(mode: PlanExecutionMode, plan: string, fromFile: string | undefined): string {
  const head = `The user approved your plan; ${MODE_NOTES[mode]}. Start carrying out the plan now, and keep the todo list up to date as you go.`;
  return fromFile ? `${head}\n\nThe approved plan (from ${fromFile}):\n${plan}` : head;
}

export function keepPlanningText(feedback: string): string {
  const said = feedback.trim() ? `The user's feedback:\n${feedback.trim()}` : 'The user gave no further feedback.';
  return `The user did not approve the plan yet and wants you to keep planning; plan mode stays on. ${said}\n\nRevise the plan with read-only tools, then call ${EXIT_PLAN_MODE_TOOL_NAME} again with the new plan.`;
}

export const NOT_PLANNING =
  `Plan mode is not on, so there is nothing to exit. If the task needs an approved plan first, call ${ENTER_PLAN_MODE_TOOL_NAME}; otherwise carry on with the task.`;

export const NO_PLAN =
  'No plan was given: pass the whole plan as markdown in `plan` (this session has no plan file to read it from).';

export const NOBODY_TO_APPROVE =
  'Nobody can approve the plan here: this session runs without a user interface (headless). Stay in plan mode and give the plan as your final answer.';

export const NOT_IN_SUB_AGENTS =
  `${EXIT_PLAN_MODE_TOOL_NAME} is not available inside a sub-agent: only the main agent presents plans to the user. Put your plan in your final report instead.`;
