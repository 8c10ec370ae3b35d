/**
 * The session's work list (TaskCreate …), beside the TodoWrite checklist: a collapsible list of tasks, each
 * with its status, subject (its active form while in progress), owner and the tasks it still waits for.
 */
import { useId, useState } from 'react';
import type { WorkItemView } from '../../extension/protocol/messages';

const MARK: Record<WorkItemView['status'], string> = { pending: '○', in_progress: '◐', completed: '✓' };
const STATUS_LABEL: Record<WorkItemView['status'], string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Done' };

function WorkItemRow({ item }: { item: WorkItemView }) {
  const text = item.status === 'in_progress' && item.activeForm ? item.activeForm : item.subject;
  const blocked = item.blockedBy.length > 0 && item.status !== 'completed';
  return (
    <li className={`worklist-item worklist-${item.status}`} data-testid="worklist-item" data-status={item.status} data-task-id={item.id} title={item.subject}>
      <span className="worklist-mark" role="img" aria-label={STATUS_LABEL[item.status]}>
        {MARK[item.status]}
      </span>
      <span className="worklist-id">#{item.id}</span>
      <span className="worklist-text">{text}</span>
      {item.owner && (
        <span className="worklist-owner" data-testid="worklist-owner">
          {item.owner}
        </span>
      )}
      {blocked && (
        <span className="worklist-blocked" data-testid="worklist-blocked">
          blocked by {item.blockedBy.map((id) => `#${id}`).join(', ')}
        </span>
      )}
    </li>
  );
}

export function WorkListPanel({ items }: { items: readonly WorkItemView[] }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (items.length === 0) return null;
  const done = items.filter((t) => t.status === 'completed').length;
  const current = items.find((t) => t.status === 'in_progress');
  return (
    <section className="worklist-panel" data-testid="worklist-panel" aria-label="Work list">
      <button
        type="button"
        className="disclosure worklist-header"
        data-testid="worklist-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span className="disclosure-chevron" aria-hidden="true" />
        <span className="worklist-title">Work list</span>
        <span className="worklist-progress" data-testid="worklist-progress">
          {done}/{items.length} done
        </span>
        {!open && current && <span className="worklist-current">{current.activeForm ?? current.subject}</span>}
      </button>
      {open && (
        <ul id={listId} className="worklist-list" data-testid="worklist-list">
          {items.map((item) => (
            <WorkItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
