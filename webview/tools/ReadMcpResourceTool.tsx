/** ReadMcpResourceTool: "Read docs:memo://greeting"; the expanded row shows the resource's text. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ReadMcpResourceRenderer: ToolRenderer = {
  title: (entry) => {
    const server = str(entry.input, 'server');
    const uri = str(entry.input, 'uri');
    return server && uri ? `Read ${server}:${uri}` : 'Read MCP resource';
  },
  Result,
};
