/** What the model is told about EnterPlanMode (our own words; the behaviour mirrors Claude Code's). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { ASK_USER_QUESTION_TOOL_NAME, ENTER_PLAN_MODE_TOOL_NAME, EXIT_PLAN_MODE_TOOL_NAME } from '../../protocol/toolNames';

export const ENTER_PLAN_MODE_DESCRIPTION = 'Switch to plan mode: research with read-only tools and get a plan approved before changing anything';

export const ENTER_PLAN_MODE_PROMPT = `Switches the session to plan mode: only read-only tools run (Read, Glob, Grep, read-only Bash commands, questions to the user); nothing is edited and no command with side effects runs until the user approves a plan.

Use it before a task where the approach matters (a feature, changes across files), the user should pick between approaches, exploring will shape unclear requirements, or the change is hard to undo (migrations, deletions, public APIs). Skip it for small, obvious changes (a typo, a one-line fix, a spelled-out rename) and for questions or research.

In plan mode, explore, ask the user (${ASK_USER_QUESTION_TOOL_NAME}) when a choice is theirs, write a concrete plan (files to change, steps, how to test), then call ${EXIT_PLAN_MODE_TOOL_NAME} with it.

Not available inside sub-agents.`;

/** EnterPlanMode's line in the system prompt, after the file and search tools. */
export const ENTER_PLAN_MODE_GUIDANCE: ToolGuidance = {
  rank: 320,
  text: `For a large or unclear change, plan first: call ${ENTER_PLAN_MODE_TOOL_NAME}, research with read-only tools, then present the plan with ${EXIT_PLAN_MODE_TOOL_NAME} for the user's approval`,
};

/** The result the model sees after switching. */
export function enteredText(previousMode: string): string {
  return `Plan mode is on (it was ${previousMode}). Only read-only tools run now: explore the code with Read, Glob, Grep and read-only Bash commands, and ask the user when a choice is theirs. Do not edit files or run commands that change anything. When the plan is ready (files to change, steps, how to test), call ${EXIT_PLAN_MODE_TOOL_NAME} with the plan as markdown in \`plan\` so the user can approve it.`;
}

export const ALREADY_PLANNING =
  `Plan mode is already on. Keep researching with read-only tools, then call ${EXIT_PLAN_MODE_TOOL_NAME} with your plan.`;

export const NOT_IN_SUB_AGENTS =
  `${ENTER_PLAN_MODE_TOOL_NAME} is not available inside a sub-agent: only the main agent can switch the session's permission mode. Do the work you were given, or report back what you found and let the main agent plan.`;

export const NOBODY_TO_APPROVE =
  `Plan mode is not available here: this session runs without a user interface (headless), so nobody could approve the plan. Carry on without plan mode: if the user asked for a plan, give it as your answer.`;
