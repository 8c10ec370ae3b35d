/** Write's wire name. */
export const WRITE_TOOL_NAME = 'Write';
