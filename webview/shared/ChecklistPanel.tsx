/**
 * A collapsible checklist panel (the TodoWrite list, the work list): a header button with the title, the
 * "n/m done" progress and, while collapsed, the item in progress; below it the list of rows. Class names and
 * test ids come from the caller's prefixes, so each panel keeps its own styling.
 */
import { useId, useState, type ReactNode } from 'react';

export type ChecklistStatus = 'pending' | 'in_progress' | 'completed';

export const CHECK_MARK: Record<ChecklistStatus, string> = { pending: '○', in_progress: '◐', completed: '✓' };
export const CHECK_STATUS_LABEL: Record<ChecklistStatus, string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Done' };

export interface ChecklistPanelProps<T extends { status: ChecklistStatus }> {
  items: readonly T[];
  /** The header's title and the section's aria-label. */
  title: string;
  /** Prefix of the test ids (`-panel`, `-toggle`, `-progress`, `-list`) and of the panel, progress and list classes. */
  prefix: string;
  /** Prefix of the header, title and current-item classes (`-header`, `-title`, `-current`). */
  headerPrefix: string;
  /** What the collapsed header shows for the item in progress. */
  currentLabel: (item: T) => string | undefined;
  /** One `<li>` (with its key) per item. */
  renderItem: (item: T, index: number) => ReactNode;
}

export function ChecklistPanel<T extends { status: ChecklistStatus }>({ items, title, prefix, headerPrefix, currentLabel, renderItem }: ChecklistPanelProps<T>) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (items.length === 0) return null;
  const done = items.filter((t) => t.status === 'completed').length;
  const current = items.find((t) => t.status === 'in_progress');
  return (
    <section className={`${prefix}-panel`} data-testid={`${prefix}-panel`} aria-label={title}>
      <button
        type="button"
        className={`disclosure ${headerPrefix}-header`}
        data-testid={`${prefix}-toggle`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span className="disclosure-chevron" aria-hidden="true" />
        <span className={`${headerPrefix}-title`}>{title}</span>
        <span className={`${prefix}-progress`} data-testid={`${prefix}-progress`}>
          {done}/{items.length} done
        </span>
        {!open && current && <span className={`${headerPrefix}-current`}>{currentLabel(current)}</span>}
      </button>
      {open && (
        <ul id={listId} className={`${prefix}-list`} data-testid={`${prefix}-list`}>
          {items.map(renderItem)}
        </ul>
      )}
    </section>
  );
}
