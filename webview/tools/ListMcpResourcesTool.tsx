/** ListMcpResourcesTool: "Listed MCP resources" (of one server when given); the expanded row shows the list. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ListMcpResourcesRenderer: ToolRenderer = {
  title: (entry) => {
    const server = str(entry.input, 'server');
    const verb = entry.status === 'running' ? 'Listing' : 'Listed';
    return server ? `${verb} resources of ${server}` : `${verb} MCP resources`;
  },
  Result,
};
