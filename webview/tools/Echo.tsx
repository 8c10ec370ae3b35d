/** Echo: the text it returned. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const EchoRenderer: ToolRenderer = {
  title: (entry) => `Echo ${str(entry.input, 'text') ?? ''}`.trim(),
  Result,
};
