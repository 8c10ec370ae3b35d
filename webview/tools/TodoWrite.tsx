/** TodoWrite: the list the model wrote, as a read-only checklist, and how much of it is done. */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import { todosOf } from './shared/todos';

const MARK = { pending: '○', in_progress: '◐', completed: '✓' } as const;

function Result({ entry }: ToolViewProps) {
  const todos = todosOf(entry.input);
  if (!todos.length) return entry.result ? <ResultText result={entry.result} /> : null;
  return (
    <ul className="todo-result" data-testid="todo-result">
      {todos.map((t, i) => (
        <li key={i} className={`todo-item todo-${t.status}`} data-status={t.status}>
          <span className="todo-mark" aria-hidden="true">
            {MARK[t.status]}
          </span>
          <span className="todo-text">{t.content}</span>
        </li>
      ))}
    </ul>
  );
}

export const TodoWriteRenderer: ToolRenderer = {
  // The host's summary carries the progress ("2/5 done"), so the row reads "Updated todos 2/5 done".
  title: (entry) => (entry.status === 'running' ? 'Updating todos' : 'Updated todos'),
  Result,
};
