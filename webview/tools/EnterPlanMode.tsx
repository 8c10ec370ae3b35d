/** EnterPlanMode: a one-line row; the result says which mode plan mode was entered from. */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  if (result.isError) return <ResultText result={result} />;
  return (
    <div className="tool-note" data-testid="plan-mode-entered">
      Plan mode is on: only read-only tools run until you approve a plan.
    </div>
  );
}

export const EnterPlanModeRenderer: ToolRenderer = {
  title: (entry) => (entry.status === 'running' ? 'Entering plan mode' : 'Entered plan mode'),
  Result,
};
