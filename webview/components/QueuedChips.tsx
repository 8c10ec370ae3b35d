/** Prompts typed while the agent works; each is sent after the turn ends, in order, unless removed. */

import type { PromptImage } from '../../extension/protocol/messages';

export interface QueuedPrompt {
  id: string;
  text: string;
  /** Pasted or dropped images, sent with the text. */
  images: readonly PromptImage[];
}

export function QueuedChips({ queue, onRemove }: { queue: readonly QueuedPrompt[]; onRemove: (id: string) => void }) {
  if (queue.length === 0) return null;
  return (
    <div className="queued-chips" aria-label="Queued messages">
      {queue.map((q) => (
        <span key={q.id} className="queued-chip" data-testid="queued-chip" title={q.text}>
          <span className="queued-chip-text">{q.text}</span>
          {q.images.length > 0 && (
            <span className="queued-chip-images" data-testid="queued-images">
              +{q.images.length} {q.images.length === 1 ? 'image' : 'images'}
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
