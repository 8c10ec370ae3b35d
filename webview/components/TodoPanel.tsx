/** The main agent's TodoWrite list, pinned above the composer: a collapsible checklist with progress. */
import type { TodoView } from '../../extension/protocol/messages';
import { CHECK_MARK, CHECK_STATUS_LABEL, ChecklistPanel } from '../shared/ChecklistPanel';

export function TodoPanel({ todos }: { todos: readonly TodoView[] }) {
  return (
    <ChecklistPanel
      items={todos}
      title="Todos"
      prefix="todo"
      headerPrefix="todo-panel"
      currentLabel={(t) => t.activeForm}
      renderItem={(t, i) => (
        <li key={i} className={`todo-item todo-${t.status}`} data-testid="todo-item" data-status={t.status}>
          <span className="todo-mark" role="img" aria-label={CHECK_STATUS_LABEL[t.status]}>
            {CHECK_MARK[t.status]}
          </span>
          <span className="todo-text">{t.status === 'in_progress' ? t.activeForm : t.content}</span>
        </li>
      )}
    />
  );
}
