/** EnterWorktree: which worktree the session moved into (the result text names its path and branch). */
import { basename, str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const EnterWorktreeRenderer: ToolRenderer = {
  title: (entry) => {
    const target = str(entry.input, 'path');
    if (target) return `Enter worktree ${basename(target)}`;
    const name = str(entry.input, 'name');
    return name ? `Create worktree ${name}` : 'Create worktree';
  },
  Result,
};
