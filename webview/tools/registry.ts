/**
 * One renderer per built-in tool, keyed by wire name. `satisfies Record<ToolName, ToolRenderer>` makes a
 * built-in tool without a renderer a compile error; MCP tools (`mcp__…`) get the MCP renderer, unknown tools the
 * generic one. A renderer may draw the whole row (`Row`, Agent's); nothing else picks a row by a tool's name.
 */
import {
  AGENT_TOOL_NAME,
  ASK_USER_QUESTION_TOOL_NAME,
  BASH_TOOL_NAME,
  CONFIG_TOOL_NAME,
  CRON_CREATE_TOOL_NAME,
  CRON_DELETE_TOOL_NAME,
  CRON_LIST_TOOL_NAME,
  EDIT_TOOL_NAME,
  ENTER_PLAN_MODE_TOOL_NAME,
  ENTER_WORKTREE_TOOL_NAME,
  EXIT_PLAN_MODE_TOOL_NAME,
  EXIT_WORKTREE_TOOL_NAME,
  GLOB_TOOL_NAME,
  GREP_TOOL_NAME,
  isBuiltinToolName,
  LIST_MCP_RESOURCES_TOOL_NAME,
  LSP_TOOL_NAME,
  MONITOR_TOOL_NAME,
  NOTEBOOK_EDIT_TOOL_NAME,
  READ_MCP_RESOURCE_TOOL_NAME,
  READ_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
  SKILL_TOOL_NAME,
  SLEEP_TOOL_NAME,
  STRUCTURED_OUTPUT_TOOL_NAME,
  TASK_CREATE_TOOL_NAME,
  TASK_GET_TOOL_NAME,
  TASK_LIST_TOOL_NAME,
  TASK_STOP_TOOL_NAME,
  TASK_UPDATE_TOOL_NAME,
  TEAM_CREATE_TOOL_NAME,
  TEAM_DELETE_TOOL_NAME,
  TODO_WRITE_TOOL_NAME,
  TOOL_SEARCH_TOOL_NAME,
  WEB_FETCH_TOOL_NAME,
  WEB_SEARCH_TOOL_NAME,
  WRITE_TOOL_NAME,
  type ToolEntry,
  type ToolName,
} from '../../extension/protocol/messages';
import { AgentRenderer } from './Agent';
import { AskUserQuestionRenderer } from './AskUserQuestion';
import { BashRenderer } from './Bash';
import { CronCreateRenderer } from './CronCreate';
import { CronDeleteRenderer } from './CronDelete';
import { CronListRenderer } from './CronList';
import { EditRenderer } from './Edit';
import { GenericRenderer } from './Generic';
import { GlobRenderer } from './Glob';
import { GrepRenderer } from './Grep';
import { LspRenderer } from './LSP';
import { McpToolRenderer } from './Mcp';
import { MonitorRenderer } from './Monitor';
import { NotebookEditRenderer } from './NotebookEdit';
import { ReadRenderer } from './Read';
import type { ToolRenderer } from './shared/types';
import { SendMessageRenderer } from './SendMessage';
import { SkillRenderer } from './Skill';
import { TaskStopRenderer } from './TaskStop';
import { TeamCreateRenderer } from './TeamCreate';
import { TeamDeleteRenderer } from './TeamDelete';
import { TodoWriteRenderer } from './TodoWrite';
import { ToolSearchRenderer } from './ToolSearch';
import { WriteRenderer } from './Write';
import { EnterPlanModeRenderer } from './EnterPlanMode';
import { ExitPlanModeRenderer } from './ExitPlanMode';
import { TaskCreateRenderer } from './TaskCreate';
import { TaskGetRenderer } from './TaskGet';
import { TaskListRenderer } from './TaskList';
import { TaskUpdateRenderer } from './TaskUpdate';
import { SleepRenderer } from './Sleep';
import { EnterWorktreeRenderer } from './EnterWorktree';
import { ExitWorktreeRenderer } from './ExitWorktree';
import { ConfigRenderer } from './Config';
import { StructuredOutputRenderer } from './StructuredOutput';
import { WebFetchRenderer } from './WebFetch';
import { WebSearchRenderer } from './WebSearch';
import { ListMcpResourcesRenderer, ReadMcpResourceRenderer } from './McpResources';
import { parseMcpToolName } from './shared/mcpName';

export const TOOL_RENDERERS = {
  [READ_TOOL_NAME]: ReadRenderer,
  [WRITE_TOOL_NAME]: WriteRenderer,
  [EDIT_TOOL_NAME]: EditRenderer,
  [GLOB_TOOL_NAME]: GlobRenderer,
  [GREP_TOOL_NAME]: GrepRenderer,
  [LSP_TOOL_NAME]: LspRenderer,
  [NOTEBOOK_EDIT_TOOL_NAME]: NotebookEditRenderer,
  [TOOL_SEARCH_TOOL_NAME]: ToolSearchRenderer,
  [BASH_TOOL_NAME]: BashRenderer,
  [TASK_STOP_TOOL_NAME]: TaskStopRenderer,
  [TODO_WRITE_TOOL_NAME]: TodoWriteRenderer,
  [ASK_USER_QUESTION_TOOL_NAME]: AskUserQuestionRenderer,
  [ENTER_PLAN_MODE_TOOL_NAME]: EnterPlanModeRenderer,
  [EXIT_PLAN_MODE_TOOL_NAME]: ExitPlanModeRenderer,
  [TASK_CREATE_TOOL_NAME]: TaskCreateRenderer,
  [TASK_GET_TOOL_NAME]: TaskGetRenderer,
  [TASK_LIST_TOOL_NAME]: TaskListRenderer,
  [TASK_UPDATE_TOOL_NAME]: TaskUpdateRenderer,
  [SLEEP_TOOL_NAME]: SleepRenderer,
  [SEND_MESSAGE_TOOL_NAME]: SendMessageRenderer,
  [TEAM_CREATE_TOOL_NAME]: TeamCreateRenderer,
  [TEAM_DELETE_TOOL_NAME]: TeamDeleteRenderer,
  [CRON_CREATE_TOOL_NAME]: CronCreateRenderer,
  [CRON_DELETE_TOOL_NAME]: CronDeleteRenderer,
  [CRON_LIST_TOOL_NAME]: CronListRenderer,
  [MONITOR_TOOL_NAME]: MonitorRenderer,
  [ENTER_WORKTREE_TOOL_NAME]: EnterWorktreeRenderer,
  [EXIT_WORKTREE_TOOL_NAME]: ExitWorktreeRenderer,
  [AGENT_TOOL_NAME]: AgentRenderer,
  [SKILL_TOOL_NAME]: SkillRenderer,
  [CONFIG_TOOL_NAME]: ConfigRenderer,
  [STRUCTURED_OUTPUT_TOOL_NAME]: StructuredOutputRenderer,
  [WEB_FETCH_TOOL_NAME]: WebFetchRenderer,
  [WEB_SEARCH_TOOL_NAME]: WebSearchRenderer,
  [LIST_MCP_RESOURCES_TOOL_NAME]: ListMcpResourcesRenderer,
  [READ_MCP_RESOURCE_TOOL_NAME]: ReadMcpResourceRenderer,
} satisfies Record<ToolName, ToolRenderer>;

/**
 * The renderer of a row: by the view it carries first, so a row with a sub-agent view (`entry.agent`) gets the
 * sub-agent one whatever name it was called by (an older one too); then built-in tools by wire name, MCP tools
 * by their `mcp__` prefix (their names are dynamic), and the generic one.
 */
export function rendererFor(entry: Pick<ToolEntry, 'name' | 'agent'>): ToolRenderer {
  if (entry.agent) return AgentRenderer;
  if (isBuiltinToolName(entry.name)) return TOOL_RENDERERS[entry.name];
  if (parseMcpToolName(entry.name)) return McpToolRenderer;
  return GenericRenderer;
}
