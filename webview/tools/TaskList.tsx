/** TaskList: "Listed tasks"; the expanded row shows one line per task. */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TaskListRenderer: ToolRenderer = {
  title: (entry) => (entry.status === 'running' ? 'Listing tasks' : 'Listed tasks'),
  Result,
};
