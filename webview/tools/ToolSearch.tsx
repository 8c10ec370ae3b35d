/** ToolSearch: which tools were found (and loaded). */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ToolSearchRenderer: ToolRenderer = { title: () => 'Tool Search', Result };
