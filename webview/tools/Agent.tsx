/** Agent: a placeholder renderer (title and the report as text) until the sub-agent row lands. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const AgentRenderer: ToolRenderer = {
  title: (entry) => `${str(entry.input, 'subagent_type') ?? 'Agent'}: ${str(entry.input, 'description') ?? ''}`.trim(),
  Result,
};
