/** The main agent's TodoWrite list, pinned above the composer: a collapsible checklist with progress. */
import { useId, useState } from 'react';
import type { TodoView } from '../../extension/protocol/messages';

const MARK: Record<TodoView['status'], string> = { pending: '○', in_progress: '◐', completed: '✓' };
const STATUS_LABEL: Record<TodoView['status'], string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Done' };

export function TodoPanel({ todos }: { todos: readonly TodoView[] }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (todos.length === 0) return null;
  const done = todos.filter((t) => t.status === 'completed').length;
  const current = todos.find((t) => t.status === 'in_progress');
  return (
    <section className="todo-panel" data-testid="todo-panel" aria-label="Todos">
      <button
        type="button"
        className="disclosure todo-panel-header"
        data-testid="todo-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span className="disclosure-chevron" aria-hidden="true" />
        <span className="todo-panel-title">Todos</span>
        <span className="todo-progress" data-testid="todo-progress">
          {done}/{todos.length} done
        </span>
        {!open && current && <span className="todo-panel-current">{current.activeForm}</span>}
      </button>
      {open && (
        <ul id={listId} className="todo-list" data-testid="todo-list">
          {todos.map((t, i) => (
            <li key={i} className={`todo-item todo-${t.status}`} data-testid="todo-item" data-status={t.status}>
              <span className="todo-mark" role="img" aria-label={STATUS_LABEL[t.status]}>
                {MARK[t.status]}
              </span>
              <span className="todo-text">{t.status === 'in_progress' ? t.activeForm : t.content}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
