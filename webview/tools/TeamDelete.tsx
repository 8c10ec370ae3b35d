/** TeamDelete: which team was stopped and removed. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TeamDeleteRenderer: ToolRenderer = {
  title: (entry) => {
    const name = str(entry.input, 'team_name');
    return name ? `Delete team ${name}` : 'Delete team';
  },
  Result,
};
