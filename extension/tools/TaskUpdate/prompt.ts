/** What the model is told about TaskUpdate (our own words; the behaviour follows Claude Code's). */
export const TASK_UPDATE_DESCRIPTION = 'Change a task of the work list: status, owner, links, fields';

export const TASK_UPDATE_PROMPT = `Changes one task of the session's shared work list. Pass its taskId and only the fields to change.

- status: pending, in_progress or completed; deleted removes the task and every link to it. Set in_progress when you start a task and completed as soon as it is fully done (tests pass, nothing left partial); if you are blocked, leave it in_progress and create a task for what blocks you.
- owner: the agent or teammate working on it (an empty string clears it). Claim a task before starting it when others share the list.
- addBlocks: ids of tasks that cannot start until this one is completed; addBlockedBy: ids of tasks this one waits for. Links are kept on both tasks and added, never replaced.
- subject, description, activeForm: replace the text.
- metadata: merged into the task's metadata; a key set to null is removed.

Read the task with TaskGet first when another agent may have changed it. After completing a task, call TaskList to find the next one.`;
