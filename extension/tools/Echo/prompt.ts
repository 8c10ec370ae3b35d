export const ECHO_PROMPT = 'Returns the text it is given, unchanged. Only for checking that tool calls work.';
