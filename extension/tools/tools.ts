/**
 * The tool registry: one explicit list, keyed by the wire names of protocol/toolNames.ts, so a name there
 * without a tool here does not compile (docs/ARCHITECTURE.md, How to add a tool). Feature gates live on
 * each tool (`isEnabled`), never here.
 */
import type { AnyTool, Tools } from '../core/contracts/tool';
import {
  AGENT_TOOL_NAME,
  ASK_USER_QUESTION_TOOL_NAME,
  BASH_TOOL_NAME,
  CRON_CREATE_TOOL_NAME,
  CRON_DELETE_TOOL_NAME,
  CRON_LIST_TOOL_NAME,
  EDIT_TOOL_NAME,
  GLOB_TOOL_NAME,
  GREP_TOOL_NAME,
  LSP_TOOL_NAME,
  MONITOR_TOOL_NAME,
  NOTEBOOK_EDIT_TOOL_NAME,
  READ_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
  TASK_STOP_TOOL_NAME,
  TEAM_CREATE_TOOL_NAME,
  TEAM_DELETE_TOOL_NAME,
  TODO_WRITE_TOOL_NAME,
  TOOL_SEARCH_TOOL_NAME,
  WRITE_TOOL_NAME,
  ENTER_PLAN_MODE_TOOL_NAME,
  EXIT_PLAN_MODE_TOOL_NAME,
  TASK_CREATE_TOOL_NAME,
  TASK_GET_TOOL_NAME,
  TASK_LIST_TOOL_NAME,
  TASK_UPDATE_TOOL_NAME,
  SLEEP_TOOL_NAME,
  ENTER_WORKTREE_TOOL_NAME,
  EXIT_WORKTREE_TOOL_NAME,
  SKILL_TOOL_NAME,
  CONFIG_TOOL_NAME,
  STRUCTURED_OUTPUT_TOOL_NAME,
  WEB_FETCH_TOOL_NAME,
  WEB_SEARCH_TOOL_NAME,
  LIST_MCP_RESOURCES_TOOL_NAME,
  READ_MCP_RESOURCE_TOOL_NAME,
  type ToolName,
} from '../protocol/toolNames';
import type { ShellParser } from './Bash/analysis';
import { AgentTool } from './Agent/Agent';
import { AskUserQuestionTool } from './AskUserQuestion/AskUserQuestion';
import { createBashTool } from './Bash/Bash';
import { CronCreateTool } from './CronCreate/CronCreate';
import { CronDeleteTool } from './CronDelete/CronDelete';
import { CronListTool } from './CronList/CronList';
import { EditTool } from './Edit/Edit';
import { GlobTool } from './Glob/Glob';
import { GrepTool } from './Grep/Grep';
import { LspTool } from './LSP/LSP';
import { createMonitorTool } from './Monitor/Monitor';
import { NotebookEditTool } from './NotebookEdit/NotebookEdit';
import { ReadTool } from './Read/Read';
import { SendMessageTool } from './SendMessage/SendMessage';
import { SkillTool } from './Skill/Skill';
import { TaskStopTool } from './TaskStop/TaskStop';
import { TeamCreateTool } from './TeamCreate/TeamCreate';
import { TeamDeleteTool } from './TeamDelete/TeamDelete';
import { TodoWriteTool } from './TodoWrite/TodoWrite';
import { ToolSearchTool } from './ToolSearch/ToolSearch';
import { WriteTool } from './Write/Write';
import { EnterPlanModeTool } from './EnterPlanMode/EnterPlanMode';
import { ExitPlanModeTool } from './ExitPlanMode/ExitPlanMode';
import { TaskCreateTool } from './TaskCreate/TaskCreate';
import { TaskGetTool } from './TaskGet/TaskGet';
import { TaskListTool } from './TaskList/TaskList';
import { TaskUpdateTool } from './TaskUpdate/TaskUpdate';
import { SleepTool } from './Sleep/Sleep';
import { EnterWorktreeTool } from './EnterWorktree/EnterWorktree';
import { ExitWorktreeTool } from './ExitWorktree/ExitWorktree';
import { ConfigTool } from './Config/Config';
import { createStructuredOutputTool } from './StructuredOutput/StructuredOutput';
import type { CheckedSchema } from './StructuredOutput/schema';
import { WebFetchTool } from './WebFetch/WebFetch';
import { WebSearchTool } from './WebSearch/WebSearch';
import { ListMcpResourcesTool } from './ListMcpResourcesTool/ListMcpResourcesTool';
import { ReadMcpResourceTool } from './ReadMcpResourceTool/ReadMcpResourceTool';

/** What some built-in tools need from the host. */
export interface ToolRegistryOptions {
  /** The tree-sitter Bash parser: Bash's permission checks and read-only detection need it (without it, every command asks). */
  shellParser?: ShellParser;
  /** The CLI's `--json-schema`: StructuredOutput is offered only with one. */
  structuredOutputSchema?: CheckedSchema;
}

/** Each built-in tool by wire name, in the order the model is offered them (the API's tools array, which prompt caching keeps stable). */
const BUILTIN_TOOLS = {
  [READ_TOOL_NAME]: () => ReadTool,
  [WRITE_TOOL_NAME]: () => WriteTool,
  [EDIT_TOOL_NAME]: () => EditTool,
  [GLOB_TOOL_NAME]: () => GlobTool,
  [GREP_TOOL_NAME]: () => GrepTool,
  [BASH_TOOL_NAME]: (opts) =>
    createBashTool({
      ...(opts.shellParser ? { parser: opts.shellParser } : {}),
    }),
  [LSP_TOOL_NAME]: () => LspTool,
  [NOTEBOOK_EDIT_TOOL_NAME]: () => NotebookEditTool,
  [TASK_STOP_TOOL_NAME]: () => TaskStopTool,
  [TOOL_SEARCH_TOOL_NAME]: () => ToolSearchTool,
  [TODO_WRITE_TOOL_NAME]: () => TodoWriteTool,
  [ASK_USER_QUESTION_TOOL_NAME]: () => AskUserQuestionTool,
  [ENTER_PLAN_MODE_TOOL_NAME]: () => EnterPlanModeTool,
  [EXIT_PLAN_MODE_TOOL_NAME]: () => ExitPlanModeTool,
  [TASK_CREATE_TOOL_NAME]: () => TaskCreateTool,
  [TASK_GET_TOOL_NAME]: () => TaskGetTool,
  [TASK_LIST_TOOL_NAME]: () => TaskListTool,
  [TASK_UPDATE_TOOL_NAME]: () => TaskUpdateTool,
  [SLEEP_TOOL_NAME]: () => SleepTool,
  [SEND_MESSAGE_TOOL_NAME]: () => SendMessageTool,
  [TEAM_CREATE_TOOL_NAME]: () => TeamCreateTool,
  [TEAM_DELETE_TOOL_NAME]: () => TeamDeleteTool,
  [CRON_CREATE_TOOL_NAME]: () => CronCreateTool,
  [CRON_DELETE_TOOL_NAME]: () => CronDeleteTool,
  [CRON_LIST_TOOL_NAME]: () => CronListTool,
  [MONITOR_TOOL_NAME]: (opts) =>
    createMonitorTool({
      ...(opts.shellParser ? { parser: opts.shellParser } : {}),
    }),
  [ENTER_WORKTREE_TOOL_NAME]: () => EnterWorktreeTool,
  [EXIT_WORKTREE_TOOL_NAME]: () => ExitWorktreeTool,
  [AGENT_TOOL_NAME]: () => AgentTool,
  [SKILL_TOOL_NAME]: () => SkillTool,
  [CONFIG_TOOL_NAME]: () => ConfigTool,
  [STRUCTURED_OUTPUT_TOOL_NAME]: (opts) => createStructuredOutputTool(opts.structuredOutputSchema),
  [WEB_FETCH_TOOL_NAME]: () => WebFetchTool,
  [WEB_SEARCH_TOOL_NAME]: () => WebSearchTool,
  [LIST_MCP_RESOURCES_TOOL_NAME]: () => ListMcpResourcesTool,
  [READ_MCP_RESOURCE_TOOL_NAME]: () => ReadMcpResourceTool,
} satisfies Record<ToolName, (opts: ToolRegistryOptions) => AnyTool>;

/** Every built-in tool, enabled or not. */
export function getAllBaseTools(opts: ToolRegistryOptions = {}): Tools {
  return Object.values(BUILTIN_TOOLS).map((make) => make(opts));
}

/** The tools this session offers: enabled built-ins plus any extra (MCP) tools, names unique. */
export function getTools(extra: Tools = [], opts: ToolRegistryOptions = {}): Tools {
  const seen = new Set<string>();
  return [...getAllBaseTools(opts), ...extra].filter((t) => {
    if (!t.isEnabled() || seen.has(t.name)) return false;
    seen.add(t.name);
    return true;
  });
}
