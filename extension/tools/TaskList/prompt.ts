/** What the model is told about TaskList (our own words). */
export const TASK_LIST_DESCRIPTION = 'List every task of the work list';

export const TASK_LIST_PROMPT = `Lists the tasks of the session's shared work list, one line each: id, status, subject, owner, and the tasks it still waits for ("[blocked by #1]").

Use it to see what is left, to find the next task to pick up (pending, no owner, nothing open blocking it; prefer the lowest id), and after finishing a task to see what it unblocked. Sub-agents and teammates change the same list, so read it again rather than relying on an old answer. TaskGet gives one task's full description.`;
