/**
 * The list of completions above the composer; the composer's textarea keeps focus and drives it. A slash
 * command shows its argument hint after its name, then its description.
 */
import type { CompletionItem } from './completion';

export interface CompletionMenuProps {
  id: string;
  items: readonly CompletionItem[];
  active: number;
  onPick: (item: CompletionItem) => void;
}

export function CompletionMenu({ id, items, active, onPick }: CompletionMenuProps) {
  return (
    <ul className="completion-menu" id={id} role="listbox" data-testid="completion-menu" aria-label="Completions">
      {items.map((item, i) => (
        <li
          key={item.key}
          id={`${id}-${String(i)}`}
          role="option"
          className="completion-item"
          data-testid="completion-item"
          aria-selected={i === active}
          // mousedown, not click: the textarea must not lose focus (and close the menu) first.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item);
          }}
        >
          <span className="completion-label">{item.label}</span>
          {item.hint && (
            <span className="completion-hint" data-testid="completion-hint">
              {item.hint}
            </span>
          )}
          {item.detail && <span className="completion-detail">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
