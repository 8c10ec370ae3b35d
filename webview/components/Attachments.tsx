/** Images and files attached to a prompt. Images are inline data (the CSP allows data: images only). */
import type { Attachment } from '../../extension/protocol/messages';
import { useActions } from '../shared/actions';
import '../attachments.css';

export function Attachments({ items }: { items: readonly Attachment[] }) {
  const { openFile } = useActions();
  return (
    <ul className="attachments" aria-label="Attachments">
      {items.map((a, i) =>
        a.kind === 'image' ? (
          <li key={i} className="attachment attachment-image">
            <img src={`data:${a.mediaType};base64,${a.data}`} alt={a.name ?? 'Attached image'} />
          </li>
        ) : (
          <li key={i} className={a.warning ? 'attachment attachment-file attachment-warning' : 'attachment attachment-file'} data-testid="attachment-file">
            <button
              type="button"
              className="link-button file-link"
              title={a.path}
              onClick={() => {
                openFile(a.path, a.startLine, a.endLine);
              }}
            >
              {basename(a.path)}
              {a.startLine ? `:${a.startLine}${a.endLine && a.endLine !== a.startLine ? `-${a.endLine}` : ''}` : ''}
            </button>
            {a.warning && (
              <span className="attachment-warning-text" role="note" data-testid="attachment-warning">
                {a.warning}
              </span>
            )}
          </li>
        ),
      )}
    </ul>
  );
}

function basename(p: string): string {
  return p.split(/[\\/]/).pop() || p;
}
