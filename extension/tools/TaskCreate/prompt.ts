/** What the model is told about TaskCreate and the work list (our own words; the behaviour follows Claude Code's). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { TASK_CREATE_TOOL_NAME, TASK_UPDATE_TOOL_NAME, TODO_WRITE_TOOL_NAME } from '../../protocol/toolNames';

export const TASK_CREATE_DESCRIPTION = 'Add a task to the session’s work list';

export const TASK_CREATE_PROMPT = `Adds a task to the session's work list, which the user sees in a panel beside the chat. The work list is shared: sub-agents and teammates of this session read and update the same tasks, so it is how work is split up and handed over.

Use the work list when:
- the work is large enough to split into tasks that depend on each other, or that other agents will pick up;
- you want to record who owns a task (owner) or what must finish first (blocks / blockedBy, set with ${TASK_UPDATE_TOOL_NAME});
- the user asks for a task list.
For a short checklist of your own steps, ${TODO_WRITE_TOOL_NAME} is simpler. Skip both for a single trivial step.

Fields:
- subject: a short title in the imperative ("Fix the date parser");
- description: what needs doing and how to tell it is done;
- activeForm: the same in the present continuous, shown while the task is in progress ("Fixing the date parser");
- metadata: optional JSON data to keep with the task.

A new task is pending with no owner. The result gives its id ("Task #3 created: …"). Create the tasks first, then use ${TASK_UPDATE_TOOL_NAME} to link them, set an owner, and move each to in_progress when work starts and to completed when it is fully done.`;

/** The work list's line in the system prompt, next to TodoWrite's. */
export const TASK_CREATE_GUIDANCE: ToolGuidance = {
  rank: 310,
  text: `For work split into dependent tasks or shared with sub-agents and teammates, keep the shared work list with ${TASK_CREATE_TOOL_NAME} and ${TASK_UPDATE_TOOL_NAME}`,
};
