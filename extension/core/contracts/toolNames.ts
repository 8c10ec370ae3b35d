/**
 * The wire names of the built-in tools: the one place they are spelled (docs/ARCHITECTURE.md, How to add a
 * tool). Each tool takes its name from here, and so does the little of core that names a tool (the agent
 * types' tool lists, the calls a slash command makes, the permission rule families); everything else asks the
 * tool. `extension/protocol/toolNames.ts` re-exports this file for the webview, whose renderer registry is
 * typed by the list (`satisfies Record<ToolName, …>` makes a built-in tool without a renderer a compile
 * error), as the extension's tool registry is (extension/tools/tools.ts). Plain constants, no imports: the
 * protocol may import this one file of core.
 */
/** Each wire name under the name of its constant: the one list, from which the constants, the type and `BUILTIN_TOOL_NAMES` come. */
const TOOL_NAMES = {
  READ_TOOL_NAME: 'Read',
  WRITE_TOOL_NAME: 'Write',
  EDIT_TOOL_NAME: 'Edit',
  GLOB_TOOL_NAME: 'Glob',
  GREP_TOOL_NAME: 'Grep',
  LSP_TOOL_NAME: 'LSP',
  NOTEBOOK_EDIT_TOOL_NAME: 'NotebookEdit',
  TOOL_SEARCH_TOOL_NAME: 'ToolSearch',
  BASH_TOOL_NAME: 'Bash',
  TASK_STOP_TOOL_NAME: 'TaskStop',
  TODO_WRITE_TOOL_NAME: 'TodoWrite',
  ASK_USER_QUESTION_TOOL_NAME: 'AskUserQuestion',
  ENTER_PLAN_MODE_TOOL_NAME: 'EnterPlanMode',
  EXIT_PLAN_MODE_TOOL_NAME: 'ExitPlanMode',
  TASK_CREATE_TOOL_NAME: 'TaskCreate',
  TASK_GET_TOOL_NAME: 'TaskGet',
  TASK_LIST_TOOL_NAME: 'TaskList',
  TASK_UPDATE_TOOL_NAME: 'TaskUpdate',
  SLEEP_TOOL_NAME: 'Sleep',
  SEND_MESSAGE_TOOL_NAME: 'SendMessage',
  TEAM_CREATE_TOOL_NAME: 'TeamCreate',
  TEAM_DELETE_TOOL_NAME: 'TeamDelete',
  CRON_CREATE_TOOL_NAME: 'CronCreate',
  CRON_DELETE_TOOL_NAME: 'CronDelete',
  CRON_LIST_TOOL_NAME: 'CronList',
  MONITOR_TOOL_NAME: 'Monitor',
  ENTER_WORKTREE_TOOL_NAME: 'EnterWorktree',
  EXIT_WORKTREE_TOOL_NAME: 'ExitWorktree',
  AGENT_TOOL_NAME: 'Agent',
  SKILL_TOOL_NAME: 'Skill',
  CONFIG_TOOL_NAME: 'Config',
  STRUCTURED_OUTPUT_TOOL_NAME: 'StructuredOutput',
  WEB_FETCH_TOOL_NAME: 'WebFetch',
  WEB_SEARCH_TOOL_NAME: 'WebSearch',
  LIST_MCP_RESOURCES_TOOL_NAME: 'ListMcpResourcesTool',
  READ_MCP_RESOURCE_TOOL_NAME: 'ReadMcpResourceTool',
} as const;

export const {
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
  ENTER_PLAN_MODE_TOOL_NAME,
  EXIT_PLAN_MODE_TOOL_NAME,
  TASK_CREATE_TOOL_NAME,
  TASK_GET_TOOL_NAME,
  TASK_LIST_TOOL_NAME,
  TASK_UPDATE_TOOL_NAME,
  SLEEP_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
  TEAM_CREATE_TOOL_NAME,
  TEAM_DELETE_TOOL_NAME,
  CRON_CREATE_TOOL_NAME,
  CRON_DELETE_TOOL_NAME,
  CRON_LIST_TOOL_NAME,
  MONITOR_TOOL_NAME,
  ENTER_WORKTREE_TOOL_NAME,
  EXIT_WORKTREE_TOOL_NAME,
  AGENT_TOOL_NAME,
  SKILL_TOOL_NAME,
  CONFIG_TOOL_NAME,
  STRUCTURED_OUTPUT_TOOL_NAME,
  WEB_FETCH_TOOL_NAME,
  WEB_SEARCH_TOOL_NAME,
  LIST_MCP_RESOURCES_TOOL_NAME,
  READ_MCP_RESOURCE_TOOL_NAME,
} = TOOL_NAMES;

export type ToolName = (typeof TOOL_NAMES)[keyof typeof TOOL_NAMES];

export const BUILTIN_TOOL_NAMES: readonly ToolName[] = Object.values(TOOL_NAMES);

export function isBuiltinToolName(name: string): name is ToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}
