/**
 * The wire names of the built-in tools: the one place they are spelled. Each tool takes its name from here,
 * and the webview's renderer registry is typed by this list (`satisfies Record<ToolName, …>` makes a
 * built-in tool without a renderer a compile error). A unit test checks it against the extension's tool
 * registry, so the two cannot drift apart.
 */
export const READ_TOOL_NAME = 'Read';
export const WRITE_TOOL_NAME = 'Write';
export const EDIT_TOOL_NAME = 'Edit';
export const GLOB_TOOL_NAME = 'Glob';
export const GREP_TOOL_NAME = 'Grep';
export const LSP_TOOL_NAME = 'LSP';
export const NOTEBOOK_EDIT_TOOL_NAME = 'NotebookEdit';
export const TOOL_SEARCH_TOOL_NAME = 'ToolSearch';
export const BASH_TOOL_NAME = 'Bash';
export const TASK_STOP_TOOL_NAME = 'TaskStop';
export const TODO_WRITE_TOOL_NAME = 'TodoWrite';
export const ASK_USER_QUESTION_TOOL_NAME = 'AskUserQuestion';

export const BUILTIN_TOOL_NAMES = [
  READ_TOOL_NAME,
  WRITE_TOOL_NAME,
  EDIT_TOOL_NAME,
  GLOB_TOOL_NAME,
  GREP_TOOL_NAME,
  LSP_TOOL_NAME,
  NOTEBOOK_EDIT_TOOL_NAME,
  TOOL_SEARCH_TOOL_NAME,
  BASH_TOOL_NAME,
  TASK_STOP_TOOL_NAME,
  TODO_WRITE_TOOL_NAME,
  ASK_USER_QUESTION_TOOL_NAME,
] as const;

export type ToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export function isBuiltinToolName(name: string): name is ToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}
