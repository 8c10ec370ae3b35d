/**
 * MCP tools (`mcp__<server>__<tool>`; the names are dynamic, so registry.ts routes them here by prefix): the
 * server as a badge beside the tool's name, the arguments as JSON, and the result: its text, its images and
 * its resource links.
 */
import { McpContent, mcpData } from './shared/McpContent';
import { JsonArgs } from './shared/JsonArgs';
import { parseMcpToolName } from './shared/mcpName';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import './mcp.css';

function Heading({ entry }: ToolViewProps) {
  const parsed = parseMcpToolName(entry.name);
  if (!parsed) return <>{entry.name}</>;
  return (
    <>
      <span className="mcp-server-badge" data-testid="mcp-server-badge" title={`MCP server ${parsed.server}`}>
        {parsed.server}
      </span>{' '}
      <span className="mcp-tool-name" data-testid="mcp-tool-name">
        {parsed.tool}
      </span>
    </>
  );
}

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  const data = mcpData(result?.data);
  // Images or links alone: no "No output" line for the text the server did not send.
  const showText = result && (result.text || !data || (data.images.length === 0 && data.links.length === 0));
  return (
    <div className="tool-mcp">
      <JsonArgs input={entry.input} />
      {showText && <ResultText result={result} />}
      <McpContent data={data} />
    </div>
  );
}

/** `mcp__github__search_issues` → `github · search_issues`. */
function title(name: string): string {
  const parsed = parseMcpToolName(name);
  return parsed ? `${parsed.server} · ${parsed.tool}` : name;
}

export const McpToolRenderer: ToolRenderer = { title: (entry) => title(entry.name), Heading, Result };
