/**
 * MCP tools (`mcp__<server>__<tool>`; the names are dynamic, so registry.ts routes them here by prefix): the
 * server as a badge beside the tool's name (its title when the server gave one, the name in the tooltip), the
 * server's progress while it runs ("Indexing (3/10)", the host words it), the arguments as JSON, and the
 * result: its text, its images and its resource links.
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
      <span className="mcp-tool-name" data-testid="mcp-tool-name" title={entry.label ? parsed.tool : undefined}>
        {entry.label ?? parsed.tool}
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

/** The server's latest progress notification, in the host's words. */
function Progress({ entry }: ToolViewProps) {
  const message = entry.progress?.message;
  return message ? (
    <div className="tool-progress-message mcp-progress" data-testid="mcp-progress" role="status">
      {message}
    </div>
  ) : null;
}

/** `mcp__github__search_issues` → `github · search_issues`, or `github · Search issues` with the tool's title. */
function title(entry: ToolViewProps['entry']): string {
  const parsed = parseMcpToolName(entry.name);
  return parsed ? `${parsed.server} · ${entry.label ?? parsed.tool}` : entry.name;
}

export const McpToolRenderer: ToolRenderer = { title, Heading, Result, Progress };
