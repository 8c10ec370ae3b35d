/** What the model is told about TaskList (our own words). */
export const TASK_LIST_DESCRIPTION = 'List every task of the work list, and the background tasks';

export const TASK_LIST_PROMPT = `Lists the session's shared work list, one line per task: id, status, subject, owner, and the tasks it still waits for ("[blocked by #1]"); then the background shells, agents and monitors with their id and state.

Use it to see what is left, to find the next task (pending, no owner, nothing open blocking it; lowest id first), and after finishing one to see what it unblocked. Other agents change the same list: read it again rather than trust an old answer. TaskGet reads one task in full, or a background task's new output.`;
