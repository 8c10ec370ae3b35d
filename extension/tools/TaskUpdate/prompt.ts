/** What the model is told about TaskUpdate (our own words; the behaviour follows Claude Code's). */
export const TASK_UPDATE_DESCRIPTION = 'Change a task of the work list: status, owner, links, fields';

export const TASK_UPDATE_PROMPT = `Changes one task of the session's shared work list: pass its taskId and only the fields to change.

- status: set in_progress when you start a task, completed as soon as it is fully done (tests pass, nothing partial); if blocked, leave it in_progress and create a task for the blocker.
- owner: claim a task before starting it when others share the list.
- addBlocks / addBlockedBy: links are kept on both tasks and added, never replaced.

Read the task with TaskGet first when another agent may have changed it. After completing a task, call TaskList to find the next one.`;
