/** Reads a TodoWrite input: the protocol types it as unknown, so every item is checked. */
export interface TodoView {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  activeForm: string;
}

const STATUSES = new Set(['pending', 'in_progress', 'completed']);

export function todosOf(input: Record<string, unknown>): TodoView[] {
  const list = input.todos;
  if (!Array.isArray(list)) return [];
  const out: TodoView[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { content, status, activeForm } = item as Record<string, unknown>;
    if (typeof content !== 'string' || typeof status !== 'string' || !STATUSES.has(status)) continue;
    out.push({ content, status: status as TodoView['status'], activeForm: typeof activeForm === 'string' ? activeForm : content });
  }
  return out;
}
