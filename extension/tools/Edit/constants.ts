/** Edit's result snippet size. */
/** Unchanged lines shown before and after the edited region in the result. */
export const EDIT_CONTEXT_LINES = 4;
/** A long replacement is echoed only this far: the model already knows what it wrote. */
export const EDIT_MAX_SNIPPET_LINES = 40;
