/**
 * Prompts typed while the agent works; the host holds them and sends each after a turn ends, in order,
 * unless removed here.
 */

import type { QueuedPromptView } from '../../extension/protocol/messages';

export function QueuedChips({ queue, onRemove }: { queue: readonly QueuedPromptView[]; onRemove: (id: string) => void }) {
  if (queue.length === 0) return null;
  return (
    <div className="queued-chips" aria-label="Queued messages">
      {queue.map((q) => (
        <span key={q.id} className="queued-chip" data-testid="queued-chip" title={q.text}>
          <span className="queued-chip-text">{q.text}</span>
          {q.imageCount > 0 && (
            <span className="queued-chip-images" data-testid="queued-images">
              +{q.imageCount} {q.imageCount === 1 ? 'image' : 'images'}
            </span>
          )}
          <button
            type="button"
            className="chip-remove"
            data-testid="queued-remove"
            aria-label={`Remove queued message: ${q.text.slice(0, 60)}`}
            onClick={() => {
              onRemove(q.id);
            }}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
