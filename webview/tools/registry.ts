/**
 * One renderer per built-in tool, keyed by wire name. `satisfies Record<ToolName, ToolRenderer>` makes a
 * built-in tool without a renderer a compile error; MCP tools (`mcp__…`) get the MCP renderer, unknown tools the
 * generic one.
 */
import { isBuiltinToolName, type ToolName } from '../../extension/protocol/messages';
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
  Read: ReadRenderer,
  Write: WriteRenderer,
  Edit: EditRenderer,
  Glob: GlobRenderer,
  Grep: GrepRenderer,
  LSP: LspRenderer,
  NotebookEdit: NotebookEditRenderer,
  ToolSearch: ToolSearchRenderer,
  Bash: BashRenderer,
  TaskStop: TaskStopRenderer,
  TodoWrite: TodoWriteRenderer,
  AskUserQuestion: AskUserQuestionRenderer,
  EnterPlanMode: EnterPlanModeRenderer,
  ExitPlanMode: ExitPlanModeRenderer,
  TaskCreate: TaskCreateRenderer,
  TaskGet: TaskGetRenderer,
  TaskList: TaskListRenderer,
  TaskUpdate: TaskUpdateRenderer,
  Sleep: SleepRenderer,
  SendMessage: SendMessageRenderer,
  TeamCreate: TeamCreateRenderer,
  TeamDelete: TeamDeleteRenderer,
  CronCreate: CronCreateRenderer,
  CronDelete: CronDeleteRenderer,
  CronList: CronListRenderer,
  Monitor: MonitorRenderer,
  EnterWorktree: EnterWorktreeRenderer,
  ExitWorktree: ExitWorktreeRenderer,
  Agent: AgentRenderer,
  Skill: SkillRenderer,
  Config: ConfigRenderer,
  StructuredOutput: StructuredOutputRenderer,
  WebFetch: WebFetchRenderer,
  WebSearch: WebSearchRenderer,
  ListMcpResourcesTool: ListMcpResourcesRenderer,
  ReadMcpResourceTool: ReadMcpResourceRenderer,
} satisfies Record<ToolName, ToolRenderer>;

/** Built-in tools first; then MCP tools by their `mcp__` prefix (their names are dynamic); then the generic one. */
export function rendererFor(name: string): ToolRenderer {
  if (isBuiltinToolName(name)) return TOOL_RENDERERS[name];
  if (parseMcpToolName(name)) return McpToolRenderer;
  return GenericRenderer;
}
