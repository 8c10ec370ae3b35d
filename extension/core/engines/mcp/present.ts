/**
 * What an MCP result shows in the chat beyond its text (docs/ARCHITECTURE.md, MCP and web rows in the
 * webview): the images and resource links of its content, as the `mcp` result data of the protocol
 * (protocol/entries.ts `ToolResultDataSchema`). core/ cannot import the protocol, so the shape is restated
 * here and a unit test holds it against the schema. Everything is trimmed or dropped to fit the schema's caps,
 * because a view that does not validate is dropped whole by the chat layer.
 */
import { z } from 'zod';
import type { PresentArgs, ToolPresentation } from '../../contracts/toolViews';

/** The image types the webview shows (and its CSP allows as `data:` URLs); svg is never one of them. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

export const MCP_VIEW_MAX_IMAGES = 20;
export const MCP_VIEW_MAX_LINKS = 200;
/** Base64 characters of all images of one result together: one postMessage must stay reasonable. */
export const MCP_VIEW_IMAGE_BUDGET = 10_000_000;
const MAX_URI = 8192;
const MAX_NAME = 500;
const MAX_MIME = 200;
const MAX_DESCRIPTION = 2000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface McpViewImage {
  mediaType: ImageType;
  data: string;
}

export interface McpViewLink {
  uri: string;
  name?: string;
  mimeType?: string;
  description?: string;
}

/** The `mcp` variant of the protocol's ToolResultData. */
export interface McpResultView extends ToolPresentation {
  kind: 'mcp';
  images: McpViewImage[];
  links: McpViewLink[];
}

// The tool's output is parsed, never cast: only the blocks the view uses, each on its own.
const ImageBlock = z.object({ type: z.literal('image'), data: z.string(), mimeType: z.string() });
const LinkBlock = z.object({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string().optional(),
  mimeType: z.string().optional(),
  description: z.string().optional(),
});
const ResourceContents = z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() });
const EmbeddedBlock = z.object({ type: z.literal('resource'), resource: ResourceContents });
const ToolOutput = z.object({ content: z.array(z.unknown()) });
const ResourceOutput = z.object({ contents: z.array(z.unknown()) });

function cut(text: string | undefined, max: number): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Collects images and links under the caps; what does not fit is left out, never an error. */
class ViewBuilder {
  private readonly images: McpViewImage[] = [];
  private readonly links: McpViewLink[] = [];
  private budget = MCP_VIEW_IMAGE_BUDGET;

  image(mimeType: string | undefined, data: string): void {
    const mediaType = IMAGE_TYPES.find((t) => t === mimeType?.toLowerCase());
    if (!mediaType || this.images.length >= MCP_VIEW_MAX_IMAGES) return;
    if (data.length === 0 || data.length > this.budget || !BASE64.test(data)) return;
    this.budget -= data.length;
    this.images.push({ mediaType, data });
  }

  link(uri: string, fields: { name?: string | undefined; mimeType?: string | undefined; description?: string | undefined }): void {
    // A cut URI would point somewhere else: too long is left out.
    if (uri.trim() === '' || uri.length > MAX_URI || this.links.length >= MCP_VIEW_MAX_LINKS) return;
    const name = cut(fields.name, MAX_NAME);
    const description = cut(fields.description, MAX_DESCRIPTION);
    // A cut MIME type means nothing: too long is left out.
    const mimeType = fields.mimeType && fields.mimeType.length <= MAX_MIME ? fields.mimeType : undefined;
    this.links.push({ uri, ...(name ? { name } : {}), ...(mimeType ? { mimeType } : {}), ...(description ? { description } : {}) });
  }

  /** One resource's contents (embedded in a tool result, or read by ReadMcpResourceTool): a link, and the image of an image blob. */
  resource(contents: z.infer<typeof ResourceContents>): void {
    this.link(contents.uri, { mimeType: contents.mimeType });
    if (contents.blob !== undefined) this.image(contents.mimeType, contents.blob);
  }

  view(): McpResultView | undefined {
    if (this.images.length === 0 && this.links.length === 0) return undefined;
    return { kind: 'mcp', images: this.images, links: this.links };
  }
}

/** The images and links of an MCP tool's content blocks; undefined when there are none. */
export function mcpContentView(content: readonly unknown[]): McpResultView | undefined {
  const view = new ViewBuilder();
  for (const block of content) {
    const image = ImageBlock.safeParse(block);
    if (image.success) view.image(image.data.mimeType, image.data.data);
    const link = LinkBlock.safeParse(block);
    if (link.success) view.link(link.data.uri, link.data);
    const embedded = EmbeddedBlock.safeParse(block);
    if (embedded.success) view.resource(embedded.data.resource);
  }
  return view.view();
}

/** The contents a resource read returned: each as a link with its uri and MIME type, image blobs as images. */
export function mcpResourcesView(contents: readonly unknown[]): McpResultView | undefined {
  const view = new ViewBuilder();
  for (const item of contents) {
    const parsed = ResourceContents.safeParse(item);
    if (parsed.success) view.resource(parsed.data);
  }
  return view.view();
}

/** `present` of an `mcp__server__tool` (its output is the server's McpToolResult). */
export function presentMcpToolResult({ output }: PresentArgs): McpResultView | undefined {
  const parsed = ToolOutput.safeParse(output);
  return parsed.success ? mcpContentView(parsed.data.content) : undefined;
}

/** `present` of ReadMcpResourceTool (its output carries `contents`). */
export function presentMcpResources({ output }: PresentArgs): McpResultView | undefined {
  const parsed = ResourceOutput.safeParse(output);
  return parsed.success ? mcpResourcesView(parsed.data.contents) : undefined;
}
