/** StructuredOutput: the run's final answer as JSON (headless runs with --json-schema); the expanded row shows it. */
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return <pre className="tool-input" data-testid="tool-input">{JSON.stringify(entry.input, null, 2)}</pre>;
}

export const StructuredOutputRenderer: ToolRenderer = {
  title: () => 'Structured output',
  Result,
};
