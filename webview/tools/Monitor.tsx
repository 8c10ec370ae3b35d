/** Monitor: the watched command; its lines arrive later as events, so the result only says it started. */
import { MONITOR_TOOL_NAME } from '../../extension/protocol/toolNames';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const MonitorRenderer: ToolRenderer = {
  title: (entry) => {
    const what = str(entry.input, 'description') ?? str(entry.input, 'command');
    return what ? `${MONITOR_TOOL_NAME} ${what}` : MONITOR_TOOL_NAME;
  },
  Result,
};
