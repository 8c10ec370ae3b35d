/** What the model is told about TaskGet (our own words). */
export const TASK_GET_DESCRIPTION = 'Read one task of the work list with all its fields';

export const TASK_GET_PROMPT = `Reads one task of the session's shared work list by its id: subject, status, owner, description, active form, the tasks it waits for (blocked by) and the tasks waiting for it (blocks), and its metadata.

Use it before starting a task, to read its full description and check that everything it waits for is completed, or when another agent may have changed it. Use TaskList for an overview of all tasks.`;
