/** What the model is told about TaskCreate and the work list (our own words; the behaviour follows Claude Code's). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { TASK_CREATE_TOOL_NAME, TASK_UPDATE_TOOL_NAME, TODO_WRITE_TOOL_NAME } from '../../protocol/toolNames';

export const TASK_CREATE_DESCRIPTION = 'Add a task to the session’s work list';

export const TASK_CREATE_PROMPT = `Adds a task to the session's work list, which the user sees and sub-agents and teammates share: it is how work is split up and handed over.

Use it when the work splits into tasks that depend on each other or that other agents will pick up, when you want to record an owner or what must finish first (blocks / blockedBy, set with ${TASK_UPDATE_TOOL_NAME}), or when the user asks for a task list. For a short checklist of your own steps, ${TODO_WRITE_TOOL_NAME} is simpler; skip both for a single trivial step.

A new task is pending with no owner; the result gives its id. Create the tasks first, then link them, set owners and update each one's status with ${TASK_UPDATE_TOOL_NAME}.`;

/** The work list's line in the system prompt, next to TodoWrite's. */
export const TASK_CREATE_GUIDANCE: ToolGuidance = {
  rank: 310,
  text: `For work split into dependent tasks or shared with sub-agents and teammates, keep the shared work list with ${TASK_CREATE_TOOL_NAME} and ${TASK_UPDATE_TOOL_NAME}`,
};
