/** TaskCreate: "Created task #3 Fix the parser"; the expanded row shows the tool's answer. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TaskCreateRenderer: ToolRenderer = {
  title: (entry) => {
    const subject = str(entry.input, 'subject');
    const verb = entry.status === 'running' ? 'Creating task' : 'Created task';
    return subject ? `${verb}: ${subject}` : verb;
  },
  Result,
};
