/** TaskStop: which background task was stopped. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TaskStopRenderer: ToolRenderer = {
  title: (entry) => {
    const id = str(entry.input, 'task_id') ?? str(entry.input, 'shell_id');
    return id ? `Stop task ${id}` : 'Stop task';
  },
  Result,
};
