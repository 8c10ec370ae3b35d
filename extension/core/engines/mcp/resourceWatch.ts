/**
 * The MCP resources a session read, kept subscribed while it lives (docs/ARCHITECTURE.md, MCP, "What servers
 * can use"). The session's tools reach the servers through `hub`, the window's hub with one difference: a read
 * (ReadMcpResourceTool, an `@server:uri` mention) holds the resource subscribed (`McpHub.subscribeResource`,
 * which asks only servers that declare `resources.subscribe`). A `notifications/resources/updated` of a held
 * resource is noted, and the model is told with its next request: `takeNote` gives a <system-reminder> the
 * loop appends to the next round's last tool result, or to the next prompt. `dispose` (the session ends)
 * releases every subscription.
 */
import type { ToolResultBlock, UserContentBlock, UserMessage } from '../../base/messages';
import type { McpHub } from '../../contracts/mcp';

/** Most resources one note names; the rest are counted. */
const NOTE_MAX_RESOURCES = 20;

interface Held {
  server: string;
  uri: string;
  release: () => void;
}

const keyOf = (server: string, uri: string) => `${server}\u0000${uri}`;

export class McpResourceWatch {
  /** The hub the session's tools and mentions use: reads hold what they read. */
  readonly hub: McpHub;
  private readonly held = new Map<string, Held>();
  private readonly changed = new Map<string, { server: string; uri: string }>();
  private readonly off: () => void;

  constructor(private readonly inner: McpHub) {
    this.off =
      inner.onResourceUpdated?.((server, uri) => {
        const key = keyOf(server, uri);
        if (this.held.has(key)) this.changed.set(key, { server, uri });
      }) ?? (() => {});
    this.hub = readingHub(inner, (server, uri) => this.hold(server, uri));
  }

  /** Keeps `uri` of `server` subscribed for this session (once per resource). */
  hold(server: string, uri: string): void {
    const key = keyOf(server, uri);
    if (this.held.has(key) || !this.inner.subscribeResource) return;
    this.held.set(key, { server, uri, release: this.inner.subscribeResource(server, uri) });
  }

  /** The resources this session holds, for tests and diagnostics. */
  holding(): { server: string; uri: string }[] {
    return [...this.held.values()].map(({ server, uri }) => ({ server, uri }));
  }

  /** The note about the resources that changed since the last note, once; undefined when none did. */
  takeNote(): string | undefined {
    if (this.changed.size === 0) return undefined;
    const all = [...this.changed.values()];
    this.changed.clear();
    const lines = all.slice(0, NOTE_MAX_RESOURCES).map((r) => `- ${r.uri} (MCP server "${r.server}")`);
    if (all.length > NOTE_MAX_RESOURCES) lines.push(`- and ${all.length - NOTE_MAX_RESOURCES} more`);
    return [
      '<system-reminder>',
      'These MCP resources you read earlier have changed since (their servers sent notifications/resources/updated). What you read of them may be out of date: read them again with ReadMcpResourceTool before relying on them.',
      ...lines,
      '</system-reminder>',
    ].join('\n');
  }

  /** The session ended: every subscription it held is released. */
  dispose(): void {
    this.off();
    for (const h of this.held.values()) h.release();
    this.held.clear();
    this.changed.clear();
  }
}

/** `inner`, whose `readResource` reports each successful read. */
function readingHub(inner: McpHub, onRead: (server: string, uri: string) => void): McpHub {
  return {
    servers: () => inner.servers(),
    callTool: (server, tool, args, signal, onProgress) => inner.callTool(server, tool, args, signal, onProgress),
    readResource: async (server, uri, signal) => {
      const contents = await inner.readResource(server, uri, signal);
      onRead(server, uri);
      return contents;
    },
    getPrompt: (server, prompt, args) => inner.getPrompt(server, prompt, args),
    restart: (server) => inner.restart(server),
    onDidChange: (listener) => inner.onDidChange(listener),
    ...(inner.subscribeResource ? { subscribeResource: (server: string, uri: string) => inner.subscribeResource!(server, uri) } : {}),
    ...(inner.onResourceUpdated ? { onResourceUpdated: (listener: Parameters<NonNullable<McpHub['onResourceUpdated']>>[0]) => inner.onResourceUpdated!(listener) } : {}),
    ...(inner.authenticate ? { authenticate: (server: string) => inner.authenticate!(server) } : {}),
    ...(inner.approve ? { approve: (server: string) => inner.approve!(server) } : {}),
  };
}

/**
 * `message` with `note` added where the model reads it and the chat's history does not show it: inside the
 * last tool_result of a round's results (as nested memory is, core/engines/memory/nestedReminder.ts), else as a
 * text block after a prompt's content. Unchanged without a note.
 */
export function withMcpResourceNote(message: UserMessage, note: string | undefined): UserMessage {
  if (!note) return message;
  const content: UserContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
  const last = content.map((b) => b.type).lastIndexOf('tool_result');
  if (last < 0) return { ...message, content: [...content, { type: 'text', text: note }] };
  content[last] = withText(content[last] as ToolResultBlock, note);
  return { ...message, content };
}

function withText(block: ToolResultBlock, text: string): ToolResultBlock {
  if (typeof block.content === 'string') return { ...block, content: block.content ? `${block.content}\n\n${text}` : text };
  return { ...block, content: [...block.content, { type: 'text', text }] };
}
