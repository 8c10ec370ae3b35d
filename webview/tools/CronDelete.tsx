/** CronDelete: which scheduled job was cancelled. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const CronDeleteRenderer: ToolRenderer = {
  title: (entry) => {
    const id = str(entry.input, 'id');
    return id ? `Cancel job ${id}` : 'Cancel job';
  },
  Result,
};
