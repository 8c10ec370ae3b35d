/** Write's result size. */
/** Lines of the written file echoed in the result: enough to confirm, too few to cost much. */
export const WRITE_SNIPPET_LINES = 5;
