/** CronCreate: the schedule and whether it recurs; the result says the job id and its next run. */
import { bool, str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const CronCreateRenderer: ToolRenderer = {
  title: (entry) => {
    const cron = str(entry.input, 'cron');
    const once = bool(entry.input, 'recurring') === false;
    return cron ? `Schedule ${once ? 'once' : 'every'} ${cron}` : 'Schedule';
  },
  Result,
};
