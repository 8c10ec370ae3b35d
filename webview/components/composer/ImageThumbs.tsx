/** Thumbnails of the images attached to the prompt being written; each has a remove button (Delete works too). */
import type { DraftImage } from './imageInput';
import '../../attachments.css';

export function ImageThumbs({ images, onRemove }: { images: readonly DraftImage[]; onRemove: (id: string) => void }) {
  if (images.length === 0) return null;
  return (
    <ul className="composer-images" aria-label="Attached images" data-testid="composer-images">
      {images.map(({ id, image }, i) => {
        const label = image.name ?? `image ${String(i + 1)}`;
        return (
          <li key={id} className="composer-image" data-testid="composer-image">
            <img src={`data:${image.mediaType};base64,${image.data}`} alt={label} />
            <button
              type="button"
              className="chip-remove composer-image-remove"
              data-testid="composer-image-remove"
              aria-label={`Remove ${label}`}
              title={`Remove ${label}`}
              onClick={() => {
                onRemove(id);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Delete' || e.key === 'Backspace') {
                  e.preventDefault();
                  onRemove(id);
                }
              }}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
