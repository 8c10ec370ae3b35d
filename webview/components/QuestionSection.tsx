/** One question of the card: its header chip, the options as radio buttons or checkboxes, and "Other". */
import { useId } from 'react';
import type { QuestionView } from '../../extension/protocol/messages';
import type { Draft } from './questionAnswers';

export interface QuestionSectionProps {
  index: number;
  question: QuestionView;
  draft: Draft;
  /** Number keys pick from this question. */
  active: boolean;
  onPick: (label: string) => void;
  onOther: (text: string) => void;
  onChooseOther: () => void;
  onFocus: () => void;
}

export function QuestionSection({ index, question: q, draft, active, onPick, onOther, onChooseOther, onFocus }: QuestionSectionProps) {
  const name = useId();
  const otherId = useId();
  const type = q.multiSelect ? 'checkbox' : 'radio';
  const otherKey = q.options.length + 1;
  return (
    <fieldset
      className={active ? 'question-section question-active' : 'question-section'}
      data-testid="question-section"
      data-index={index}
      onFocus={onFocus}
    >
      <legend className="question-legend">
        <span className="question-chip">{q.header}</span>
        <span className="question-text">{q.question}</span>
        {q.multiSelect && <span className="question-hint"> (pick any)</span>}
      </legend>
      {q.options.map((o, n) => (
        <label key={o.label} className="question-option" data-testid="question-option" data-label={o.label}>
          <input
            type={type}
            name={name}
            checked={draft.selected.includes(o.label)}
            onChange={() => {
              onPick(o.label);
            }}
          />
          <kbd>{n + 1}</kbd>
          <span className="question-option-text">
            <span className="question-label">{o.label}</span>
            {o.description && <span className="question-description">{o.description}</span>}
          </span>
        </label>
      ))}
      <div className="question-option question-other">
        {q.multiSelect ? (
          <span className="question-other-spacer" aria-hidden="true" />
        ) : (
          <input type="radio" name={name} aria-label="Other" checked={draft.otherChosen} onChange={onChooseOther} />
        )}
        <kbd>{otherKey}</kbd>
        <label className="question-other-label" htmlFor={otherId}>
          Other
        </label>
        <input
          id={otherId}
          className="question-other-input"
          data-testid="question-other"
          type="text"
          placeholder="Type another answer…"
          value={draft.other}
          maxLength={10_000}
          onChange={(e) => {
            onOther(e.target.value);
          }}
        />
      </div>
    </fieldset>
  );
}
