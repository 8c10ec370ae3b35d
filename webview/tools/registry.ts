/**
 * One renderer per built-in tool, keyed by wire name. `satisfies Record<ToolName, ToolRenderer>` makes a
 * built-in tool without a renderer a compile error; MCP and unknown tools get the generic renderer.
 */
import { isBuiltinToolName, type ToolName } from '../../extension/protocol/messages';
import { AgentRenderer } from './Agent';
import { AskUserQuestionRenderer } from './AskUserQuestion';
import { BashRenderer } from './Bash';
import { EditRenderer } from './Edit';
import { GenericRenderer } from './Generic';
import { GlobRenderer } from './Glob';
import { GrepRenderer } from './Grep';
import { LspRenderer } from './LSP';
import { NotebookEditRenderer } from './NotebookEdit';
import { ReadRenderer } from './Read';
import type { ToolRenderer } from './shared/types';
import { TaskStopRenderer } from './TaskStop';
import { TodoWriteRenderer } from './TodoWrite';
import { ToolSearchRenderer } from './ToolSearch';
import { WriteRenderer } from './Write';

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
  Agent: AgentRenderer,
} satisfies Record<ToolName, ToolRenderer>;

export function rendererFor(name: string): ToolRenderer {
  return isBuiltinToolName(name) ? TOOL_RENDERERS[name] : GenericRenderer;
}
