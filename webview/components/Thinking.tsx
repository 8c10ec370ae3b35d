/** Extended thinking: a disclosure, open while thinking streams and collapsed once the answer begins. */
import { useId } from 'react';
import { useExpanded } from '../state/expansion';

export function Thinking({ messageId, text, active }: { messageId: string; text: string; active: boolean }) {
  const [open, toggle] = useExpanded(`${messageId}:thinking`, active);
  const id = useId();
  return (
    <div className="thinking" data-testid="thinking">
      <button type="button" className="disclosure thinking-toggle" aria-expanded={open} aria-controls={id} onClick={toggle}>
        <span className="disclosure-chevron" aria-hidden="true" />
        {active ? 'Thinking…' : 'Thought process'}
      </button>
      {open && (
        <div id={id} className="thinking-text">
          {text}
        </div>
      )}
    </div>
  );
}
