/** An inline unified diff: removed and added lines in VS Code's diff editor colours, with line numbers. */
import type { ToolResultData } from '../../extension/protocol/messages';

type Diff = Extract<ToolResultData, { kind: 'diff' }>;

const KIND = { '+': 'added', '-': 'removed', ' ': 'context' } as const;

export function DiffView({ diff }: { diff: Diff }) {
  return (
    <div className="diff" data-testid="diff" role="table" aria-label={`Changes: ${diff.added} added, ${diff.removed} removed`}>
      {diff.hunks.map((h, i) => {
        let oldLine = h.oldStart;
        let newLine = h.newStart;
        return (
          <div key={i} className="diff-hunk" role="rowgroup">
            {i > 0 && <div className="diff-gap" aria-hidden="true">⋯</div>}
            {h.lines.map((raw, j) => {
              const kind = KIND[raw[0] as keyof typeof KIND] ?? 'context';
              const number = kind === 'removed' ? oldLine++ : newLine++;
              if (kind === 'context') oldLine++;
              return (
                <div key={j} className={`diff-line diff-${kind}`} data-kind={kind} role="row">
                  <span className="diff-number" aria-hidden="true">
                    {number}
                  </span>
                  <span className="diff-sign" aria-label={kind === 'context' ? undefined : kind}>
                    {kind === 'added' ? '+' : kind === 'removed' ? '-' : ' '}
                  </span>
                  <span className="diff-text">{raw.slice(1)}</span>
                </div>
              );
            })}
          </div>
        );
      })}
      {diff.truncated && <div className="tool-note">Diff shortened; open the file to see all changes.</div>}
    </div>
  );
}

export function DiffStat({ diff }: { diff: Diff }) {
  return (
    <span className="diff-stat">
      <span className="diff-stat-added">+{diff.added}</span> <span className="diff-stat-removed">-{diff.removed}</span>
    </span>
  );
}
