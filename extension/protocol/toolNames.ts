/**
 * The wire names of the built-in tools, for the webview's renderer registry (`satisfies Record<ToolName, …>`
 * makes a built-in tool without a renderer a compile error). A unit test checks this list against the
 * extension's tool registry, so the two cannot drift apart.
 */
export const BUILTIN_TOOL_NAMES = ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'LSP', 'NotebookEdit', 'ToolSearch', 'Bash', 'TaskStop', 'TodoWrite', 'AskUserQuestion'] as const;

export type ToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export function isBuiltinToolName(name: string): name is ToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}
