/** What the permission dialog shows of the call: the Bash command, the proposed file change, or the input. */
import type { PermissionRequest } from '../../extension/protocol/messages';
import { DiffStat, DiffView } from '../shared/DiffView';

export function PermissionPreviewView({ request, onOpenDiff }: { request: PermissionRequest; onOpenDiff: (requestId: string) => void }) {
  const preview = request.preview;
  switch (preview.kind) {
    case 'bash':
      return (
        <div className="permission-preview" data-testid="permission-preview" data-kind="bash">
          <pre className="permission-command" data-testid="permission-command">
            <code>{preview.command}</code>
          </pre>
          {preview.description && <div className="permission-description">{preview.description}</div>}
        </div>
      );
    case 'diff': {
      const { path, displayPath, canOpenDiff, ...rest } = preview;
      const diff = { ...rest, filePath: path, kind: 'diff' as const };
      return (
        <div className="permission-preview tool-change" data-testid="permission-preview" data-kind="diff">
          <div className="tool-change-header">
            <span className="permission-path" data-testid="permission-path" title={path}>
              {displayPath ?? path}
            </span>
            <DiffStat diff={diff} />
            {canOpenDiff && (
              <button
                type="button"
                className="button-secondary permission-open-diff"
                data-testid="permission-open-diff"
                onClick={() => {
                  onOpenDiff(request.requestId);
                }}
              >
                Open in diff editor
              </button>
            )}
          </div>
          <DiffView diff={diff} />
        </div>
      );
    }
    case 'generic':
      return (
        <div className="permission-preview" data-testid="permission-preview" data-kind="generic">
          <pre className="permission-input">
            <code>{JSON.stringify(preview.input, null, 2)}</code>
          </pre>
        </div>
      );
  }
}
