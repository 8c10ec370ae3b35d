/**
 * The session's work list (TaskCreate …), beside the TodoWrite checklist: a collapsible list of tasks, each
 * with its status, subject (its active form while in progress), owner and the tasks it still waits for.
 */
import type { WorkItemView } from '../../extension/protocol/messages';
import { CHECK_MARK, CHECK_STATUS_LABEL, ChecklistPanel } from '../shared/ChecklistPanel';

function WorkItemRow({ item }: { item: WorkItemView }) {
  const text = item.status === 'in_progress' && item.activeForm ? item.activeForm : item.subject;
  const blocked = item.blockedBy.length > 0 && item.status !== 'completed';
  return (
    <li className={`worklist-item worklist-${item.status}`} data-testid="worklist-item" data-status={item.status} data-task-id={item.id} title={item.subject}>
      <span className="worklist-mark" role="img" aria-label={CHECK_STATUS_LABEL[item.status]}>
        {CHECK_MARK[item.status]}
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
  return (
    <ChecklistPanel
      items={items}
      title="Work list"
      prefix="worklist"
      headerPrefix="worklist"
      currentLabel={(t) => t.activeForm ?? t.subject}
      renderItem={(item) => <WorkItemRow key={item.id} item={item} />}
    />
  );
}
