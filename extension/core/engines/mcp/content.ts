/**
 * MCP content as the model sees it (docs/ARCHITECTURE.md, MCP tools, resources and prompts): text stays
 * text, images become image blocks (the API takes png, jpeg, gif and webp), and what the API has no block for
 * (audio, resource links, embedded resources, binary blobs) is described in text so the model knows it is there.
 */
import type { ImageBlock, TextBlock } from '../../base/messages';
import type { McpContent, McpResourceContents } from '../../contracts/mcp';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type ImageMediaType = ImageBlock['source']['media_type'];

function isImageType(mimeType: string | undefined): mimeType is ImageMediaType {
  return mimeType !== undefined && IMAGE_TYPES.has(mimeType);
}

/** Base64 length → decoded bytes, for the notes that stand in for binary content. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** One resource's contents: its text in a `<resource>` wrapper naming the uri, or a note / image for a blob. */
export function resourceContentsBlock(contents: McpResourceContents): TextBlock | ImageBlock {
  const type = contents.mimeType ? ` mimeType="${contents.mimeType}"` : '';
  if ('text' in contents) return { type: 'text', text: `<resource uri="${contents.uri}"${type}>\n${contents.text}\n</resource>` };
  if (isImageType(contents.mimeType)) return { type: 'image', source: { type: 'base64', media_type: contents.mimeType, data: contents.blob } };
  return { type: 'text', text: `[Binary resource ${contents.uri}${contents.mimeType ? ` (${contents.mimeType})` : ''}, ${base64Bytes(contents.blob)} bytes; not shown]` };
}

/** One content block of a tool result or a prompt message, for the model. */
export function mcpContentBlock(content: McpContent): TextBlock | ImageBlock {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image':
      if (isImageType(content.mimeType)) return { type: 'image', source: { type: 'base64', media_type: content.mimeType, data: content.data } };
      return { type: 'text', text: `[Image (${content.mimeType}), ${base64Bytes(content.data)} bytes; this image type cannot be shown]` };
    case 'audio':
      return { type: 'text', text: `[Audio (${content.mimeType}), ${base64Bytes(content.data)} bytes; not shown]` };
    case 'resource_link': {
      const details = [content.mimeType, content.description].filter(Boolean).join(': ');
      return { type: 'text', text: `[Resource link: ${content.name ? `${content.name} ` : ''}${content.uri}${details ? ` (${details})` : ''}]` };
    }
    case 'resource':
      return resourceContentsBlock(content.resource);
    default:
      // A content type newer than this client: still tell the model something came back.
      return { type: 'text', text: `[Unsupported MCP content: ${JSON.stringify(content).slice(0, 500)}]` };
  }
}

/** A block list's text parts joined, for places that take only text (prompt command expansion of a link). */
export function blocksText(blocks: readonly (TextBlock | ImageBlock)[]): string {
  return blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}
