/**
 * ExitPlanMode's approval card above the composer (docs/ARCHITECTURE.md, Plan mode): the plan as markdown
 * (model text, rendered by Markdown without raw HTML), two ways to approve (the mode to carry it out in) and
 * a feedback field to send it back. Keyboard: Enter approves in the suggested mode; in the feedback field
 * Enter sends the plan back with the feedback (Shift+Enter for a new line); Escape sends it back as is.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { PERMISSION_MODE_LABELS, type PlanModeChoice, type PlanRequest, type WebviewToHost } from '../../extension/protocol/messages';
import { Markdown } from './Markdown';
import { handledCommonKey, useInlineDialog } from './useInlineDialog';
import '../plans.css';

export type AnswerPlan = Extract<WebviewToHost, { type: 'answerPlan' }>;

export interface PlanCardProps {
  request: PlanRequest;
  onAnswer: (answer: AnswerPlan) => void;
}

const MODES: readonly PlanModeChoice[] = ['default', 'acceptEdits'];

function ApproveButtons({ suggested, onApprove }: { suggested: PlanModeChoice; onApprove: (mode: PlanModeChoice) => void }) {
  return (
    <div className="plan-actions" role="group" aria-label="Approve the plan">
      {MODES.map((mode) => (
        <button
          key={mode}
          type="button"
          className={mode === suggested ? 'button-primary' : 'button-secondary'}
          data-testid={`plan-approve-${mode}`}
          onClick={() => {
            onApprove(mode);
          }}
        >
          Approve · {PERMISSION_MODE_LABELS[mode]}
          {mode === suggested && <span className="plan-hint"> (Enter)</span>}
        </button>
      ))}
    </div>
  );
}

function FeedbackRow({ feedback, onChange, onSend }: { feedback: string; onChange: (text: string) => void; onSend: () => void }) {
  return (
    <div className="plan-feedback-row">
      <textarea
        className="plan-feedback-input"
        data-testid="plan-feedback-input"
        aria-label="What should change in the plan"
        placeholder="Or tell the agent what to change, and keep planning…"
        rows={2}
        maxLength={10_000}
        value={feedback}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      <button type="button" className="button-secondary" data-testid="plan-keep-planning" onClick={onSend}>
        Keep planning <span className="plan-hint">(Esc)</span>
      </button>
    </div>
  );
}

export function PlanCard({ request, onAnswer }: PlanCardProps) {
  const titleId = useId();
  const { ref, answerOnce } = useInlineDialog(onAnswer);
  const [feedback, setFeedback] = useState('');
  const approve = (mode: PlanModeChoice) => {
    answerOnce({ type: 'answerPlan', requestId: request.requestId, decision: 'approve', mode });
  };
  const keepPlanning = () => {
    answerOnce({ type: 'answerPlan', requestId: request.requestId, decision: 'keepPlanning', feedback: feedback.trim() });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (handledCommonKey(e, keepPlanning)) return;
    if (e.key !== 'Enter' || e.target instanceof HTMLButtonElement) return;
    if (e.target instanceof HTMLTextAreaElement) {
      if (e.shiftKey) return;
      e.preventDefault();
      keepPlanning();
      return;
    }
    e.preventDefault();
    approve(request.suggestedMode);
  };

  return (
    <div ref={ref} className="inline-dialog plan-card" data-testid="plan-card" role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div id={titleId} className="plan-card-title">
        Ready to carry out this plan?
      </div>
      {request.planFilePath && (
        <div className="plan-file" data-testid="plan-file">
          From {request.planFilePath}
        </div>
      )}
      <div className="plan-body plan-card-body" data-testid="plan-card-body">
        <Markdown text={request.plan} />
      </div>
      <ApproveButtons suggested={request.suggestedMode} onApprove={approve} />
      <FeedbackRow feedback={feedback} onChange={setFeedback} onSend={keepPlanning} />
    </div>
  );
}
