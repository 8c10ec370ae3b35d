/** AskUserQuestion: each question with the answer the user gave (or that they declined). */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'questions' ? result.data : undefined;
  if (!data || result.isError) return <ResultText result={result} />;
  if (data.declined) {
    return (
      <div className="tool-note" data-testid="question-declined">
        You declined to answer.
      </div>
    );
  }
  return (
    <dl className="question-result" data-testid="question-result">
      {data.items.map((item, i) => {
        const answer = [...item.selected, ...(item.other ? [item.other] : [])].join(', ');
        return (
          <div key={i} className="question-result-row">
            <dt>
              <span className="question-chip">{item.header}</span> {item.question}
            </dt>
            <dd data-testid="question-answer">{answer || '(no answer)'}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export const AskUserQuestionRenderer: ToolRenderer = {
  title: (entry) => (entry.status === 'running' ? 'Asking you' : 'Asked you'),
  Result,
};
