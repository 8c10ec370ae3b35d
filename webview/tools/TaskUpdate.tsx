/** TaskUpdate: "Updated task #3 → completed" (or "Deleted task #3"); the expanded row shows the answer. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

const STATUS_TEXT: Record<string, string> = { pending: 'pending', in_progress: 'in progress', completed: 'completed' };

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const TaskUpdateRenderer: ToolRenderer = {
  title: (entry) => {
    const raw = str(entry.input, 'taskId');
    const id = raw ? ` #${raw.replace(/^#/, '')}` : '';
    const status = str(entry.input, 'status');
    if (status === 'deleted') return `Deleted task${id}`;
    const to = status && STATUS_TEXT[status] ? ` → ${STATUS_TEXT[status]}` : '';
    return `${entry.status === 'running' ? 'Updating' : 'Updated'} task${id}${to}`;
  },
  Result,
};
