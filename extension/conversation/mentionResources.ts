/**
 * `@server:uri` mentions (`@docs:memo://greeting`): a resource of a connected MCP server, read through the
 * hub and attached before the prompt as `<mcp-resource server="docs" uri="memo://greeting">` + its text, the
 * way a mentioned file is (mentionFiles.ts). A mention is one only when its part before the first `:` is the
 * name of a configured server, so `@C:/src/a.ts` and `@src/a.ts` stay file mentions.
 */
import { blocksText, resourceContentsBlock } from '../core/engines/mcp/content';
import type { McpHub } from '../core/contracts/mcp';
import type { TextBlock } from '../core/base/messages';
import type { Attachment } from '../protocol/messages';

type FileAttachment = Extract<Attachment, { kind: 'file' }>;

/** Per mentioned resource, at most this many characters go to the model (as for a mentioned file). */
export const RESOURCE_MENTION_MAX_CHARS = 100_000;

export interface ResourceTarget {
  server: string;
  uri: string;
}

/** The server and uri a mention names, when it names a server the hub knows; the longest matching name wins. */
export function resourceTarget(path: string, hub: McpHub | undefined): ResourceTarget | undefined {
  if (!hub) return undefined;
  const names = hub
    .servers()
    .map((s) => s.name)
    .filter((name) => path.startsWith(`${name}:`) && path.length > name.length + 1)
    .sort((a, b) => b.length - a.length);
  const server = names[0];
  return server === undefined ? undefined : { server, uri: path.slice(server.length + 1) };
}

/** Reads the resource; what cannot be attached (server down, unknown uri, no text) becomes a chip with a warning. */
export async function resolveResourceMention(target: ResourceTarget, hub: McpHub): Promise<{ attachment: FileAttachment; block?: TextBlock }> {
  const chip: FileAttachment = { kind: 'file', path: `${target.server}:${target.uri}` };
  const server = hub.servers().find((s) => s.name === target.server);
  if (server?.status.state !== 'connected') return { attachment: { ...chip, warning: `The MCP server ${target.server} is not connected; not attached.` } };
  try {
    const contents = await hub.readResource(target.server, target.uri);
    let text = blocksText(contents.map(resourceContentsBlock).map((b) => (b.type === 'image' ? { type: 'text' as const, text: `[Image ${target.uri}; not attached]` } : b)));
    if (text.trim() === '') return { attachment: { ...chip, warning: 'The resource has no text; not attached.' } };
    const truncated = text.length > RESOURCE_MENTION_MAX_CHARS;
    if (truncated) text = text.slice(0, RESOURCE_MENTION_MAX_CHARS);
    const attrs = `server="${escapeAttr(target.server)}" uri="${escapeAttr(target.uri)}"${truncated ? ' truncated="true"' : ''}`;
    return {
      attachment: truncated ? { ...chip, warning: `Truncated to ${RESOURCE_MENTION_MAX_CHARS} characters.` } : chip,
      block: { type: 'text', text: `<mcp-resource ${attrs}>\n${text}\n</mcp-resource>` },
    };
  } catch (err) {
    return { attachment: { ...chip, warning: `Could not be read: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) } };
  }
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The chip of a block made here, for a resumed chat; undefined for any other text. */
export function attachmentOfResourceBlock(text: string): FileAttachment | undefined {
  if (!/<\/mcp-resource>$/.test(text)) return undefined;
  const head = /^<mcp-resource server="([^"]*)" uri="([^"]*)"[^>]*>\n/.exec(text);
  if (!head) return undefined;
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return { kind: 'file', path: `${unescape(head[1]!)}:${unescape(head[2]!)}` };
}
