/** Write's wire name and result size. */
export const WRITE_TOOL_NAME = 'Write';

/** Lines of the written file echoed in the result: enough to confirm, too few to cost much. */
export const WRITE_SNIPPET_LINES = 5;
