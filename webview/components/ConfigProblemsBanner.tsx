/**
 * The problems found in the user's `.claude/` setup (a malformed command file, skill, agent or hook), one
 * line each as `path:line: message`; the path opens the file at that line. Dismissing hides the list
 * until the host reports a different one, so a fixed file and a new mistake are both seen.
 */
import { useState } from 'react';
import type { ConfigProblem } from '../../extension/protocol/messages';
import { useActions } from '../shared/actions';
import '../panels.css';

const keyOf = (problems: readonly ConfigProblem[]) => JSON.stringify(problems);

const placeOf = (p: ConfigProblem) => (p.line > 0 ? `${p.path}:${String(p.line)}` : p.path);

export function ConfigProblemsBanner({ problems }: { problems: readonly ConfigProblem[] }) {
  const { openFile } = useActions();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (problems.length === 0 || dismissed === keyOf(problems)) return null;
  const title = problems.length === 1 ? 'A part of your .claude setup was skipped' : `${String(problems.length)} parts of your .claude setup were skipped`;
  return (
    <section className="config-problems" data-testid="config-problems" aria-label="Configuration problems" role="status">
      <div className="config-problems-header">
        <span className="config-problems-title">{title}</span>
        <button
          type="button"
          className="icon-button"
          data-testid="config-problems-dismiss"
          aria-label="Dismiss the configuration problems"
          title="Dismiss"
          onClick={() => setDismissed(keyOf(problems))}
        >
          ×
        </button>
      </div>
      <ul className="config-problems-list">
        {problems.map((p, i) => (
          <li key={i} className="config-problem" data-testid="config-problem" data-kind={p.kind}>
            <button type="button" className="panel-link" data-testid="config-problem-path" title={`Open ${p.path}`} onClick={() => openFile(p.path, p.line > 0 ? p.line : undefined)}>
              {placeOf(p)}
            </button>
            <span className="config-problem-message">: {p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
