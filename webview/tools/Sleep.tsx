/** Sleep: "Sleeping 30s" while it waits, "Slept 30s" after; the expanded row says how long it lasted. */
import { num } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const SleepRenderer: ToolRenderer = {
  title: (entry) => {
    const seconds = num(entry.input, 'seconds');
    const verb = entry.status === 'running' ? 'Sleeping' : 'Slept';
    return seconds === undefined ? verb : `${verb} ${seconds}s`;
  },
  Result,
};
