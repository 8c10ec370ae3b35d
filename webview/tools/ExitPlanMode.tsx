/** ExitPlanMode: the plan as markdown (model text: rendered safely by Markdown) and what the user decided. */
import { Markdown } from '../components/Markdown';
import { PERMISSION_MODE_LABELS } from '../../extension/protocol/messages';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import '../plans.css';

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'plan' ? result.data : undefined;
  if (!data || result.isError) return <ResultText result={result} />;
  const approved = data.outcome === 'approved';
  return (
    <div className="plan-result" data-testid="plan-result">
      <div className={`plan-outcome ${approved ? 'plan-approved' : 'plan-returned'}`} data-testid="plan-outcome">
        {approved ? `Approved · continuing in ${PERMISSION_MODE_LABELS[data.mode ?? 'default']}` : 'Sent back to keep planning'}
      </div>
      {!approved && data.feedback && (
        <blockquote className="plan-feedback" data-testid="plan-feedback">
          {data.feedback}
        </blockquote>
      )}
      <div className="plan-body">
        <Markdown text={data.plan} />
      </div>
    </div>
  );
}

/** While the plan waits, the card above the composer shows it with the buttons; the row only points there. */
function Progress() {
  return (
    <div className="tool-note" data-testid="plan-pending">
      The plan is shown above the input for your approval.
    </div>
  );
}

export const ExitPlanModeRenderer: ToolRenderer = {
  title: (entry) => {
    // While it waits, the summary beside the title says so ("Waiting for your approval").
    if (entry.status === 'running') return 'Plan';
    const data = entry.result?.data?.kind === 'plan' ? entry.result.data : undefined;
    if (!data) return 'Plan';
    return data.outcome === 'approved' ? 'Plan approved' : 'Plan sent back';
  },
  Result,
  Progress,
};
