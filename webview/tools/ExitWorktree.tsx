/** ExitWorktree: leaving the worktree, kept or removed (the result text says where things stand). */
import { bool, str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ExitWorktreeRenderer: ToolRenderer = {
  title: (entry) => {
    if (str(entry.input, 'action') !== 'remove') return 'Leave worktree (keep)';
    return bool(entry.input, 'discard_changes') ? 'Remove worktree, discarding changes' : 'Remove worktree';
  },
  Result,
};
