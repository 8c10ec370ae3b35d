/**
 * What an MCP result carries beyond its text (the `mcp` result data): images, shown inline from their
 * base64 data, and resource links, http(s) ones opening in the browser, others shown as text.
 */
import type { ToolResultData } from '../../../extension/protocol/messages';
import { LinkList } from './LinkList';

type McpData = Extract<ToolResultData, { kind: 'mcp' }>;

/** Checked again here, though the protocol's schema already allows only these: an svg `data:` URL never reaches an <img>. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function McpContent({ data }: { data: McpData | undefined }) {
  if (!data) return null;
  const images = data.images.filter((img) => IMAGE_TYPES.has(img.mediaType));
  return (
    <>
      {images.length > 0 && (
        <div className="mcp-images">
          {images.map((img, i) => (
            <img
              key={i}
              className="mcp-image"
              data-testid="mcp-image"
              src={`data:${img.mediaType};base64,${img.data}`}
              alt={`Image ${String(i + 1)} of the result`}
            />
          ))}
        </div>
      )}
      {data.links.length > 0 && (
        <div className="mcp-links" data-testid="mcp-links">
          <LinkList
            label="Resource links"
            links={data.links.map((l) => ({ url: l.uri, title: l.name, detail: [l.description, l.mimeType].filter(Boolean).join(' · ') || undefined }))}
          />
        </div>
      )}
    </>
  );
}

export function mcpData(data: ToolResultData | undefined): McpData | undefined {
  return data?.kind === 'mcp' ? data : undefined;
}
