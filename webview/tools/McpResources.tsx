/**
 * ListMcpResourcesTool and ReadMcpResourceTool rows. Their results are JSON (Claude Code's shapes: a list of
 * `{uri, name, mimeType?, description?, server}`; `{contents: [{uri, mimeType?, text?}]}`), read here
 * tolerantly: anything else (this extension's ReadMcpResourceTool answers with `<resource uri>` text) falls
 * back to the text the model saw. Either way the host's `mcp` result data adds each content's uri and MIME
 * type as a link and image blobs as images.
 */
import { z } from 'zod';
import type { ToolEntry } from '../../extension/protocol/messages';
import { LinkList } from './shared/LinkList';
import { McpContent, mcpData } from './shared/McpContent';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import './mcp.css';

const ResourceList = z.array(
  z.object({ uri: z.string(), name: z.string().optional(), mimeType: z.string().optional(), description: z.string().optional(), server: z.string().optional() }),
);

const ResourceContents = z.object({
  contents: z.array(z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blobSavedTo: z.string().optional() })),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function ServerBadge({ entry }: { entry: ToolEntry }) {
  const server = str(entry.input, 'server');
  return server ? (
    <span className="mcp-server-badge" data-testid="mcp-server-badge">
      {server}
    </span>
  ) : null;
}

function ListResult({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const list = result.isError ? undefined : ResourceList.safeParse(parseJson(result.text));
  if (!list?.success) return <ResultText result={result} />;
  if (list.data.length === 0) return <div className="tool-note">No resources</div>;
  const links = list.data.map((r) => ({
    url: r.uri,
    title: r.name,
    detail: [r.server, r.description, r.mimeType].filter(Boolean).join(' · ') || undefined,
  }));
  return <LinkList label="MCP resources" links={links} />;
}

function ReadResult({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const read = result.isError ? undefined : ResourceContents.safeParse(parseJson(result.text));
  if (!read?.success) {
    return (
      <div className="tool-mcp">
        <McpContent data={mcpData(result.data)} />
        <ResultText result={result} />
      </div>
    );
  }
  return (
    <div className="tool-mcp">
      {read.data.contents.map((c, i) => (
        <div key={`${String(i)}:${c.uri}`} className="mcp-resource" data-testid="mcp-resource">
          <LinkList label="Resource" links={[{ url: c.uri, detail: c.blobSavedTo ? `${c.mimeType ?? 'binary'} · saved to ${c.blobSavedTo}` : c.mimeType }]} />
          {c.text !== undefined && (
            <pre className="tool-output" data-testid="mcp-resource-text">
              {c.text}
            </pre>
          )}
        </div>
      ))}
      <McpContent data={mcpData(result.data)} />
    </div>
  );
}

function ListHeading({ entry }: ToolViewProps) {
  return (
    <>
      <ServerBadge entry={entry} />{' '}
      <span className="mcp-tool-name">List resources</span>
    </>
  );
}

function ReadHeading({ entry }: ToolViewProps) {
  return (
    <>
      <ServerBadge entry={entry} />{' '}
      <span className="mcp-tool-name">Read resource</span>
    </>
  );
}

export const ListMcpResourcesRenderer: ToolRenderer = {
  title: (entry) => {
    const server = str(entry.input, 'server');
    return server ? `${server} · List resources` : 'List MCP resources';
  },
  Heading: ListHeading,
  Result: ListResult,
};

export const ReadMcpResourceRenderer: ToolRenderer = {
  title: (entry) => `${str(entry.input, 'server') ?? 'MCP'} · Read resource`,
  Heading: ReadHeading,
  Result: ReadResult,
};
