/**
 * The tool registry: one explicit list. Adding a tool touches its folder, this list and its renderer.
 * Feature gates live on each tool (`isEnabled`), never here.
 */
import type { Tools } from '../core/tool/Tool';
import type { ShellParser } from './Bash/analysis';
import { AskUserQuestionTool } from './AskUserQuestion/AskUserQuestion';
import { createBashTool } from './Bash/Bash';
import { EditTool } from './Edit/Edit';
import { GlobTool } from './Glob/Glob';
import { GrepTool } from './Grep/Grep';
import { LspTool } from './LSP/LSP';
import { NotebookEditTool } from './NotebookEdit/NotebookEdit';
import { ReadTool } from './Read/Read';
import { TaskStopTool } from './TaskStop/TaskStop';
import { TodoWriteTool } from './TodoWrite/TodoWrite';
import { ToolSearchTool } from './ToolSearch/ToolSearch';
import { WriteTool } from './Write/Write';

/** What some built-in tools need from the host. */
export interface ToolRegistryOptions {
  /** The tree-sitter Bash parser: Bash's permission checks and read-only detection need it (without it, every command asks). */
  shellParser?: ShellParser;
  /** The "run commands in a sandbox" setting. */
  sandboxEnabled?: () => boolean;
}

/** Every built-in tool, enabled or not. */
export function getAllBaseTools(opts: ToolRegistryOptions = {}): Tools {
  const bash = createBashTool({
    ...(opts.shellParser ? { parser: opts.shellParser } : {}),
    ...(opts.sandboxEnabled ? { sandboxEnabled: opts.sandboxEnabled } : {}),
  });
  return [ReadTool, WriteTool, EditTool, GlobTool, GrepTool, bash, LspTool, NotebookEditTool, TaskStopTool, ToolSearchTool, TodoWriteTool, AskUserQuestionTool];
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
