/**
 * A resumed session gets its TodoWrite list back: the last TodoWrite call of the transcript (whose result
 * was not an error) is the list as the model left it. A list with every item completed was cleared.
 */
import { z } from 'zod';
import type { Message } from '../core/base/messages';
import type { AppStateStore, TodoItem } from '../core/contracts/appState';
import { TODO_WRITE_TOOL_NAME } from '../protocol/toolNames';

const TodosInput = z.object({
  todos: z.array(z.object({ content: z.string().min(1), status: z.enum(['pending', 'in_progress', 'completed']), activeForm: z.string().min(1) })),
});

export function todosFromHistory(history: readonly Message[]): TodoItem[] {
  const failed = new Set<string>();
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (!m || typeof m.content === 'string') continue;
    for (const b of m.content) if (b.type === 'tool_result' && b.is_error) failed.add(b.tool_use_id);
    if (m.role !== 'assistant') continue;
    const call = m.content.findLast((b) => b.type === 'tool_use' && b.name === TODO_WRITE_TOOL_NAME && !failed.has(b.id));
    if (call?.type !== 'tool_use') continue;
    const parsed = TodosInput.safeParse(call.input);
    if (!parsed.success) continue;
    const todos = parsed.data.todos.map((t) => ({ content: t.content, status: t.status, activeForm: t.activeForm }));
    return todos.every((t) => t.status === 'completed') ? [] : todos;
  }
  return [];
}

/** Puts the transcript's last list under `key` (the main agent's id, else the session id). */
export function restoreTodos(store: AppStateStore, key: string, history: readonly Message[]): void {
  const todos = todosFromHistory(history);
  if (todos.length) store.setState((s) => ({ ...s, todos: { ...s.todos, [key]: todos } }));
}
