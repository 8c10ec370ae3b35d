/**
 * Bash: the command, its output (a live tail while it runs) and how it exited; then the files it changed
 * (from the workspace snapshots), each with a diff against its content before the command.
 */
import { useId } from 'react';
import type { SnapshotChangeView } from '../../extension/protocol/messages';
import { BASH_TOOL_NAME } from '../../extension/protocol/toolNames';
import { useActions } from '../shared/actions';
import { CopyButton } from '../shared/CopyButton';
import { useExpanded } from '../state/expansion';
import { basename, bool, str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import './bashChanges.css';

/** Up to this many changed files show without a click. */
const OPEN_UP_TO = 5;
const TAGS: Partial<Record<SnapshotChangeView['change'], string>> = { created: 'new', deleted: 'deleted' };

function Command({ command }: { command: string }) {
  return (
    <div className="bash-command">
      <code data-testid="bash-command">$ {command}</code>
      <CopyButton text={command} label="Copy command" />
    </div>
  );
}

function Progress({ entry }: ToolViewProps) {
  const p = entry.progress;
  if (!p?.output && !p?.message) return null;
  return (
    <div className="tool-progress" data-testid="tool-progress">
      {p.output ? <pre className="tool-output tool-output-live">{p.output}</pre> : null}
      <div className="tool-note">
        {p.message ?? ''}
        {p.elapsedSeconds !== undefined ? ` ${Math.round(p.elapsedSeconds)}s` : ''}
        {p.totalLines !== undefined ? ` · ${p.totalLines} lines` : ''}
      </div>
    </div>
  );
}

/** The last two folders above the file: enough to tell `src/a.ts` from `test/a.ts` without the workspace root. */
function folderOf(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.slice(Math.max(0, parts.length - 3), -1).join('/');
}

function ChangedFile({ file }: { file: SnapshotChangeView }) {
  const { openChangeDiff } = useActions();
  const name = basename(file.path);
  const tag = TAGS[file.change];
  return (
    <li className="bash-changed-file" data-testid="bash-changed-file" data-change={file.change}>
      <span className="bash-changed-path" title={file.path}>
        <span className="bash-changed-name">{name}</span>
        {folderOf(file.path) && <span className="bash-changed-folder"> {folderOf(file.path)}</span>}
      </span>
      {tag && <span className={`bash-changed-tag bash-changed-tag-${file.change}`}>{tag}</span>}
      <button
        type="button"
        className="link-button bash-change-diff"
        data-testid="bash-change-diff"
        aria-label={`Diff of ${name} before the command and now`}
        title={`Compare ${file.path} before the command with now`}
        onClick={() => openChangeDiff(file)}
      >
        diff
      </button>
    </li>
  );
}

/** "changed N files", open by default when there are few, then the files. */
function Changes({ entryId, files }: { entryId: string; files: readonly SnapshotChangeView[] }) {
  const [open, toggle] = useExpanded(`${entryId}:bashChanges`, files.length <= OPEN_UP_TO);
  const listId = useId();
  return (
    <div className="bash-changes" data-testid="bash-changes">
      <button type="button" className="disclosure bash-changes-toggle" data-testid="bash-changes-toggle" aria-expanded={open} aria-controls={listId} onClick={toggle}>
        <span className="disclosure-chevron" aria-hidden="true" />
        changed {files.length} {files.length === 1 ? 'file' : 'files'}
      </button>
      {open && (
        <ul id={listId} className="bash-changes-list">
          {files.map((f) => (
            <ChangedFile key={f.path} file={f} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'bash' ? result.data : undefined;
  const command = data?.command ?? str(entry.input, 'command') ?? '';
  if (!data) {
    return (
      <div className="tool-bash">
        {command && <Command command={command} />}
        <ResultText result={result} />
      </div>
    );
  }
  const failed = data.exitCode !== null && data.exitCode !== 0;
  return (
    <div className="tool-bash">
      <Command command={command} />
      {data.output ? (
        <pre className={failed || result.isError ? 'tool-output tool-output-error' : 'tool-output'} data-testid="tool-output">
          {data.output}
        </pre>
      ) : (
        <div className="tool-note">No output</div>
      )}
      <div className={failed ? 'bash-exit bash-exit-failed' : 'bash-exit'} data-testid="bash-exit">
        {data.backgroundTaskId
          ? `Running in the background as ${data.backgroundTaskId}`
          : data.exitCode === null
            ? 'Did not finish'
            : `Exit code ${data.exitCode}`}
      </div>
    </div>
  );
}

/** What the command changed (and why nothing could be snapshotted), shown whether or not the row is open. */
function Below({ entry }: ToolViewProps) {
  const data = entry.result?.data?.kind === 'bash' ? entry.result.data : undefined;
  if (!data?.changedFiles?.length && !data?.snapshotNote) return null;
  return (
    <div className="tool-bash-below">
      {data.changedFiles?.length ? <Changes entryId={entry.id} files={data.changedFiles} /> : null}
      {data.snapshotNote && (
        <div className="tool-note bash-snapshot-note" data-testid="bash-snapshot-note">
          {data.snapshotNote}
        </div>
      )}
    </div>
  );
}

export const BashRenderer: ToolRenderer = {
  title: (entry) => (bool(entry.input, 'run_in_background') ? `${BASH_TOOL_NAME} (background)` : BASH_TOOL_NAME),
  Result,
  Below,
  Progress,
};
