/** What the model is told about TodoWrite (our own words; the behaviour mirrors Claude Code's TodoWrite). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { TODO_WRITE_TOOL_NAME } from '../../protocol/toolNames';

export const TODO_WRITE_DESCRIPTION = 'Create and update the task list for the current session';

export const TODO_WRITE_PROMPT = `Keeps a structured todo list for this session, shown to the user as a checklist. Each call replaces the whole list.

Use it when the task takes three or more distinct steps or needs planning, when the user gives several things to do, and when new requirements arrive mid-task (add them right away). Skip it for a single trivial step or a purely conversational answer.

- Mark an item in_progress before you start it; keep exactly one in_progress at a time.
- Mark it completed as soon as it is fully done; do not batch completions. If tests fail, the work is partial or you are blocked, keep it in_progress and add an item for the blocker.
- Remove items that no longer apply instead of leaving them pending.`;

/** TodoWrite's line in the system prompt, before the line about parallel calls. */
export const TODO_WRITE_GUIDANCE: ToolGuidance = {
  rank: 300,
  text: `For work with several steps, keep a task list with ${TODO_WRITE_TOOL_NAME} and update it as you go`,
};
