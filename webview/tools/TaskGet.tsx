/** TaskGet: "Read task #3"; the expanded row shows every field as the model read it. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TaskGetRenderer: ToolRenderer = {
  title: (entry) => {
    const id = str(entry.input, 'taskId');
    return id ? `Read task #${id.replace(/^#/, '')}` : 'Read task';
  },
  Result,
};
