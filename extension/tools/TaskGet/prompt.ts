/** What the model is told about TaskGet (our own words). */
export const TASK_GET_DESCRIPTION = 'Read one work-list task with all its fields, or a background task\'s new output';

export const TASK_GET_PROMPT = `Reads one task by its id.

- A work-list task: every field, with the tasks it waits for (blocked by) and that wait for it (blocks). Read it before starting a task, to check that everything it waits for is completed, or when another agent may have changed it.
- A background shell, agent or monitor (an id like "b3k9x0q2a"): its state and the output it printed since your last look.

TaskList gives an overview of all tasks.`;
