/**
 * The frame every tool use shares: a disclosure button with the tool's label, its summary (or, while it
 * runs, its activity and a spinner), live progress under it, and the result when expanded. Errors are
 * shown in the error style, their first line visible without expanding.
 */
import { memo, useId } from 'react';
import type { ToolEntry } from '../../extension/protocol/messages';
import { useExpanded } from '../state/expansion';
import { rendererFor } from './registry';
import type { ToolRenderer } from './shared/types';

const STATUS_LABEL: Record<ToolEntry['status'], string> = { running: 'Running', done: 'Done', error: 'Failed', stopped: 'Stopped' };

/** The row's renderer draws it: in the shared frame below, or whole when it has its own `Row` (a sub-agent's, with nested tool uses). */
export const ToolRow = memo(function ToolRow({ entry }: { entry: ToolEntry }) {
  const renderer = rendererFor(entry);
  return renderer.Row ? <renderer.Row entry={entry} /> : <PlainToolRow entry={entry} renderer={renderer} />;
});

function PlainToolRow({ entry, renderer }: { entry: ToolEntry; renderer: ToolRenderer }) {
  const [open, toggle] = useExpanded(entry.id, false);
  const bodyId = useId();
  const running = entry.status === 'running';
  // The activity is present tense ("Running grow on fixture"): a finished row never falls back to it.
  const line = running ? (entry.activity ?? entry.summary) : entry.summary;
  const Progress = renderer.Progress ?? DefaultProgress;
  const firstErrorLine = entry.status === 'error' ? entry.result?.text.split('\n').find((l) => l.trim()) : undefined;
  const outcome = renderer.outcome?.(entry);
  const title = renderer.title(entry);
  return (
    <section
      className={`tool tool-${entry.status}`}
      data-testid="tool"
      data-tool={entry.name}
      data-status={entry.status}
      data-outcome={outcome?.key}
      aria-label={title}
    >
      <button
        type="button"
        className="disclosure tool-header"
        aria-expanded={open}
        aria-controls={bodyId}
        // aria-disabled, not disabled: a running row stays focusable and readable.
        aria-disabled={!entry.result}
        onClick={entry.result ? toggle : undefined}
      >
        <span className="disclosure-chevron" aria-hidden="true" />
        <span
          className={`tool-status-icon tool-status-${outcome?.key ?? entry.status}`}
          role="img"
          aria-label={outcome?.label ?? STATUS_LABEL[entry.status]}
        />
        {/* The sidebar may be too narrow for the title and summary: each ends in "…" and its tooltip holds all of it. */}
        <span className="tool-title" title={title}>
          {renderer.Heading ? <renderer.Heading entry={entry} /> : title}
        </span>
        {line && (
          <span className="tool-summary" title={line}>
            {line}
          </span>
        )}
        {outcome && (
          <span className="tool-outcome" data-testid="tool-outcome">
            {outcome.label}
          </span>
        )}
      </button>
      {running && <Progress entry={entry} />}
      {renderer.Below && entry.result && <renderer.Below entry={entry} />}
      {!open && firstErrorLine && (
        <div className="tool-error-line" data-testid="tool-error" title={firstErrorLine}>
          {firstErrorLine}
        </div>
      )}
      {entry.status === 'stopped' && !entry.result && <div className="tool-note">Stopped before it finished</div>}
      {open && entry.result && (
        <div id={bodyId} className="tool-body" data-testid="tool-body">
          <renderer.Result entry={entry} />
        </div>
      )}
    </section>
  );
}

function DefaultProgress({ entry }: { entry: ToolEntry }) {
  const message = entry.progress?.message;
  return message ? <div className="tool-progress-message">{message}</div> : null;
}
