/** Runs NotebookEdit through the real executor against an in-memory workspace. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import type { NotebookPort } from '../../../../extension/core/contracts/workspace';
import type { ToolPorts, ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { NotebookEditTool } from '../../../../extension/tools/NotebookEdit/NotebookEdit';
import { allowAll, assistantWith, toolUse } from '../../tool/fixtures';
import { contextWith, MemoryWorkspace, ROOT } from './memoryWorkspace';

export const FIXTURES = path.resolve(__dirname, '../../../fixtures/notebooks');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
export const NB = path.join(ROOT, 'analysis.ipynb');

/** A workspace holding `content` at NB, already read by the model unless `read` is false. */
export function setup(content = fixture('sample.ipynb'), opts: { read?: boolean; ports?: (ws: MemoryWorkspace) => Partial<ToolPorts> } = {}) {
  const ws = new MemoryWorkspace();
  ws.put(NB, content);
  const context = contextWith([NotebookEditTool], ws, opts.ports?.(ws) ?? {});
  if (opts.read !== false) markRead(ws, context, NB);
  return { ws, context };
}

export function markRead(ws: MemoryWorkspace, context: ToolUseContext, file: string): void {
  const entry = ws.files.get(file)!;
  context.readFileState.set(file, { content: entry.content, timestamp: entry.mtimeMs });
}

export async function edit(context: ToolUseContext, input: Record<string, unknown>) {
  const block = toolUse('NotebookEdit', { notebook_path: NB, ...input });
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  const result = outcome.result as ToolResultBlock;
  return { text: typeof result.content === 'string' ? result.content : JSON.stringify(result.content), isError: result.is_error === true, stage: outcome.stage };
}

/** The notebook JSON as a plain object, to assert on what a Jupyter reader would see. */
export function json(ws: MemoryWorkspace): { cells: Record<string, unknown>[]; [key: string]: unknown } {
  return JSON.parse(ws.text(NB)) as { cells: Record<string, unknown>[] };
}

/** A NotebookPort fake that records edits and "saves" by rewriting the file. */
export function fakeNotebookPort(ws: MemoryWorkspace, open: boolean) {
  const calls: Parameters<NotebookPort['editCell']>[] = [];
  const port: NotebookPort = {
    isOpen: (p) => open && p === NB,
    async editCell(p, e) {
      calls.push([p, e]);
      ws.put(p, ws.text(p).replace('Sample notebook', 'Saved by the editor'));
      return { cellId: e.mode === 'insert' ? 'feedface' : e.cellId };
    },
  };
  return { port, calls };
}
