/**
 * "N files changed · Review" above the composer: the files the session changed (also those applied
 * without asking in acceptEdits mode, and those Bash commands changed, from the workspace snapshots), with
 * +/− line counts. Review opens VS Code's multi-file diff against the session's start. Ignored files (build
 * output, node_modules) are not tracked.
 */
import { useState } from 'react';
import type { ChangedFileView } from '../../extension/protocol/messages';
import { useActions } from '../shared/actions';
import '../checkpoints.css';

export interface ChangedFilesBarProps {
  files: readonly ChangedFileView[];
  onReview: () => void;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function ChangedFilesBar({ files, onReview }: ChangedFilesBarProps) {
  const [open, setOpen] = useState(false);
  const { openFile } = useActions();
  if (files.length === 0) return null;
  const added = files.reduce((n, f) => n + f.added, 0);
  const removed = files.reduce((n, f) => n + f.removed, 0);
  const label = `${files.length} ${files.length === 1 ? 'file' : 'files'} changed`;
  return (
    <section className="changed-files" data-testid="changed-files" aria-label="Files changed in this session">
      <div className="changed-files-bar">
        <button type="button" className="link-button changed-files-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> <span data-testid="changed-files-count">{label}</span>
        </button>
        <span className="changed-files-counts" aria-label={`${added} lines added, ${removed} removed`}>
          <span className="added">+{added}</span> <span className="removed">−{removed}</span>
        </span>
        <button type="button" className="button-secondary changed-files-review" data-testid="review-changes" onClick={onReview} title="Open a diff of every changed file against the session's start">
          Review
        </button>
      </div>
      {open && (
        <ul className="changed-files-list">
          {files.map((f) => (
            <li key={f.path} data-testid="changed-file">
              <button type="button" className="link-button" title={f.path} disabled={f.deleted} onClick={() => openFile(f.path)}>
                {baseName(f.path)}
              </button>
              {f.created && <span className="changed-file-tag">new</span>}
              {f.deleted && <span className="changed-file-tag">deleted</span>}
              {f.binary ? (
                <span className="changed-file-tag">binary</span>
              ) : (
                <span className="changed-files-counts">
                  <span className="added">+{f.added}</span> <span className="removed">−{f.removed}</span>
                </span>
              )}
            </li>
          ))}
          <li className="changed-files-note">Bash commands' changes are included; ignored files (build output, node_modules) are not tracked.</li>
        </ul>
      )}
    </section>
  );
}
