/**
 * The tool registry: one explicit list. Adding a tool touches its folder, this list and its renderer.
 * Feature gates live on each tool (`isEnabled`), never here.
 */
import type { Tools } from '../core/tool/Tool';
import { EditTool } from './Edit/Edit';
import { GlobTool } from './Glob/Glob';
import { GrepTool } from './Grep/Grep';
import { LspTool } from './LSP/LSP';
import { NotebookEditTool } from './NotebookEdit/NotebookEdit';
import { ReadTool } from './Read/Read';
import { ToolSearchTool } from './ToolSearch/ToolSearch';
import { WriteTool } from './Write/Write';

/** Every built-in tool, enabled or not. */
export function getAllBaseTools(): Tools {
  return [ReadTool, WriteTool, EditTool, GlobTool, GrepTool, LspTool, NotebookEditTool, ToolSearchTool];
}

/** The tools this session offers: enabled built-ins plus any extra (MCP) tools, names unique. */
export function getTools(extra: Tools = []): Tools {
  const seen = new Set<string>();
  return [...getAllBaseTools(), ...extra].filter((t) => {
    if (!t.isEnabled() || seen.has(t.name)) return false;
    seen.add(t.name);
    return true;
  });
}
