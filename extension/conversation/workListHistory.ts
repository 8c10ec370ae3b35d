/**
 * A resumed session gets its work list back: the successful TaskCreate and TaskUpdate calls of the
 * transcript are applied again in order (docs/ARCHITECTURE.md, Work list). A TaskCreate's result names the
 * id it got, so ids stay those the model saw. Calls made by sub-agents are not in the main transcript and
 * are not restored.
 */
import { z } from 'zod';
import { toolResultText, type Message, type ToolUseBlock } from '../core/base/messages';
import type { AppStateStore } from '../core/contracts/appState';
import { createItem, updateItem, type WorkItemPatch } from '../core/engines/worklist/store';
import { emptyWorkList, type WorkList } from '../core/contracts/worklist';
import { TASK_CREATE_TOOL_NAME, TASK_UPDATE_TOOL_NAME } from '../protocol/toolNames';

const CreateInput = z.object({
  subject: z.string().min(1),
  description: z.string(),
  activeForm: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const UpdateInput = z.object({
  taskId: z.string().min(1),
  subject: z.string().min(1).optional(),
  description: z.string().optional(),
  activeForm: z.string().optional(),
  status: z.enum(['pending', 'in_progress', 'completed', 'deleted']).optional(),
  addBlocks: z.array(z.string()).optional(),
  addBlockedBy: z.array(z.string()).optional(),
  owner: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const CREATED = /^Task #(\d+) created: /;

/** The successful results of the transcript, by tool_use id. */
function successfulResults(history: readonly Message[]): Map<string, string> {
  const results = new Map<string, string>();
  for (const m of history) {
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    for (const b of m.content) if (b.type === 'tool_result' && !b.is_error) results.set(b.tool_use_id, b.content === undefined ? '' : toolResultText(b.content));
  }
  return results;
}

function apply(list: WorkList, call: ToolUseBlock, result: string): WorkList {
  if (call.name === TASK_CREATE_TOOL_NAME) {
    const input = CreateInput.safeParse(call.input);
    const id = CREATED.exec(result)?.[1];
    if (!input.success || !id) return list;
    return createItem({ ...list, nextId: Math.max(list.nextId, Number(id)) }, input.data).list;
  }
  const input = UpdateInput.safeParse(call.input);
  if (!input.success) return list;
  const { taskId, ...patch } = input.data;
  const outcome = updateItem(list, taskId, patch satisfies WorkItemPatch);
  return outcome.ok ? outcome.list : list;
}

export function workListFromHistory(history: readonly Message[]): WorkList {
  const results = successfulResults(history);
  let list = emptyWorkList();
  for (const m of history) {
    if (m.role !== 'assistant' || typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use' || (b.name !== TASK_CREATE_TOOL_NAME && b.name !== TASK_UPDATE_TOOL_NAME)) continue;
      const result = results.get(b.id);
      if (result !== undefined) list = apply(list, b, result);
    }
  }
  return list;
}

/** Puts the transcript's work list into the resumed session's store. */
export function restoreWorkList(store: AppStateStore, history: readonly Message[]): void {
  const workList = workListFromHistory(history);
  if (Object.keys(workList.items).length || workList.nextId > 1) store.setState((s) => ({ ...s, workList }));
}
