/** CronList: the scheduled jobs, as the result text lists them. */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const CronListRenderer: ToolRenderer = {
  title: () => 'Scheduled jobs',
  Result,
};
