/**
 * One live MCP connection on the SDK's `Client` (docs/ARCHITECTURE.md, MCP): core's `McpConnection`, with the
 * SDK's results mapped to core types (only the fields core knows, so nothing of the SDK leaks), lists paged
 * to the end, list_changed notifications fanned out, and the close reported with the server's last stderr.
 * Every tool call carries a `progressToken` (its `notifications/progress` restart the call's timeout and reach
 * the caller's `onProgress`); resources are subscribed to when the server declared `resources.subscribe`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type {
  McpConnection,
  McpContent,
  McpPromptInfo,
  McpResourceContents,
  McpResourceInfo,
  McpToolInfo,
  McpToolResult,
} from '../../../core/contracts/mcp';
import type { McpProgress } from '../../../core/contracts/mcpClient';
import type { ElicitationNotes } from './elicitation';

type Kind = 'tools' | 'resources' | 'prompts';
type CloseReason = { error?: string; stderr?: string };

export interface SdkConnectionOptions {
  /** Each list / read / prompt request. */
  requestTimeoutMs: number;
  /** A tool call; progress notifications restart it. */
  toolTimeoutMs: number;
  /** What the server printed last (stdio), for the close reason. */
  stderr: () => string | undefined;
  /** Notes of elicitations answered during a call (elicitation.ts), added to its result as text. */
  notes?: ElicitationNotes;
  /** Called once the connection is closed or dropped (the roots listener of clientFeatures.ts stops). */
  onClosed?: () => void;
}

export class SdkConnection implements McpConnection {
  private readonly changed = new Map<Kind, Set<() => void>>();
  private readonly closers = new Set<(reason: CloseReason) => void>();
  private readonly updated = new Set<(uri: string) => void>();
  private lastError: string | undefined;
  private closing = false;
  readonly serverInfo: { name: string; version: string } | undefined;
  readonly canSubscribe: boolean;

  constructor(
    private readonly client: Client,
    private readonly options: SdkConnectionOptions,
  ) {
    const info = client.getServerVersion();
    this.serverInfo = info ? { name: info.name, version: info.version } : undefined;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.fire('tools'));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.fire('resources'));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => this.fire('prompts'));
    this.canSubscribe = client.getServerCapabilities()?.resources?.subscribe === true;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      for (const l of [...this.updated]) l(n.params.uri);
    });
    client.onerror = (err) => {
      this.lastError = err.message;
    };
    client.onclose = () => {
      this.options.onClosed?.();
      if (this.closing) return;
      const stderr = this.options.stderr();
      const reason: CloseReason = { error: `The server closed the connection${this.lastError ? ` (${this.lastError})` : ''}.`, ...(stderr ? { stderr } : {}) };
      for (const l of [...this.closers]) l(reason);
    };
  }

  async listTools(): Promise<McpToolInfo[]> {
    if (!this.client.getServerCapabilities()?.tools) return [];
    const out: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listTools(cursor ? { cursor } : undefined, this.request());
      out.push(...page.tools.map(toolInfo));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal, onProgress?: (progress: McpProgress) => void): Promise<McpToolResult> {
    if (!this.options.notes) return this.call(name, args, signal, onProgress);
    const { result, notes } = await this.options.notes.during(() => this.call(name, args, signal, onProgress));
    return notes.length ? { ...result, content: [...result.content, ...notes.map((text) => ({ type: 'text' as const, text }))] } : result;
  }

  private async call(name: string, args: Record<string, unknown>, signal?: AbortSignal, onProgress?: (progress: McpProgress) => void): Promise<McpToolResult> {
    const result = await this.client.callTool({ name, arguments: args }, undefined, {
      timeout: this.options.toolTimeoutMs,
      resetTimeoutOnProgress: true,
      // Always given: the SDK sends a progressToken only with a handler, and without one no progress could restart the timeout.
      onprogress: (p) => onProgress?.({ progress: p.progress, ...opt('total', p.total), ...opt('message', p.message) }),
      ...(signal ? { signal } : {}),
    });
    // Servers of the 2024-10-07 protocol answer `{toolResult}`.
    if (!('content' in result) || !Array.isArray(result.content)) return { content: [{ type: 'text', text: JSON.stringify(result.toolResult ?? null) }] };
    return {
      content: result.content.map(content),
      ...(result.isError ? { isError: true } : {}),
      ...(isObject(result.structuredContent) ? { structuredContent: result.structuredContent } : {}),
      ...(isObject(result._meta) ? { _meta: result._meta } : {}),
    };
  }

  async listResources(): Promise<McpResourceInfo[]> {
    if (!this.client.getServerCapabilities()?.resources) return [];
    const out: McpResourceInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listResources(cursor ? { cursor } : undefined, this.request());
      out.push(...page.resources.map((r) => ({ uri: r.uri, name: r.name, ...opt('description', r.description), ...opt('mimeType', r.mimeType) })));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<McpResourceContents[]> {
    const result = await this.client.readResource({ uri }, { ...this.request(), ...(signal ? { signal } : {}) });
    return result.contents.map(resourceContents);
  }

  async subscribeResource(uri: string): Promise<void> {
    await this.client.subscribeResource({ uri }, this.request());
  }

  async unsubscribeResource(uri: string): Promise<void> {
    await this.client.unsubscribeResource({ uri }, this.request());
  }

  onResourceUpdated(listener: (uri: string) => void): () => void {
    this.updated.add(listener);
    return () => void this.updated.delete(listener);
  }

  async listPrompts(): Promise<McpPromptInfo[]> {
    if (!this.client.getServerCapabilities()?.prompts) return [];
    const out: McpPromptInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.client.listPrompts(cursor ? { cursor } : undefined, this.request());
      out.push(
        ...page.prompts.map((p) => ({
          name: p.name,
          ...opt('description', p.description),
          ...(p.arguments ? { arguments: p.arguments.map((a) => ({ name: a.name, ...opt('description', a.description), ...(a.required ? { required: true } : {}) })) } : {}),
        })),
      );
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  async getPrompt(name: string, args: Record<string, string>) {
    const result = await this.client.getPrompt({ name, arguments: args }, this.request());
    return { ...opt('description', result.description), messages: result.messages.map((m) => ({ role: m.role, content: content(m.content) })) };
  }

  onListChanged(kind: Kind, listener: () => void): () => void {
    const set = this.changed.get(kind) ?? new Set();
    this.changed.set(kind, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  onClose(listener: (reason: CloseReason) => void): () => void {
    this.closers.add(listener);
    return () => void this.closers.delete(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.client.close();
    } finally {
      this.options.onClosed?.();
    }
  }

  private request() {
    return { timeout: this.options.requestTimeoutMs };
  }

  private fire(kind: Kind): void {
    for (const l of [...(this.changed.get(kind) ?? [])]) l();
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{key: value}` when value is defined, `{}` otherwise (optional fields stay absent, not undefined). */
function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function toolInfo(t: { name: string; description?: string; inputSchema: { [k: string]: unknown }; annotations?: McpToolInfo['annotations']; _meta?: Record<string, unknown> }): McpToolInfo {
  const a = t.annotations;
  const annotations = a
    ? Object.fromEntries(Object.entries({ title: a.title, readOnlyHint: a.readOnlyHint, destructiveHint: a.destructiveHint, idempotentHint: a.idempotentHint, openWorldHint: a.openWorldHint }).filter(([, v]) => v !== undefined))
    : undefined;
  return {
    name: t.name,
    ...opt('description', t.description),
    inputSchema: { ...t.inputSchema, type: 'object' },
    ...(annotations ? { annotations } : {}),
    ...(isObject(t._meta) ? { _meta: t._meta } : {}),
  };
}

function resourceContents(c: { uri: string; mimeType?: string; text?: unknown; blob?: unknown }): McpResourceContents {
  const base = { uri: c.uri, ...opt('mimeType', c.mimeType) };
  return typeof c.blob === 'string' ? { ...base, blob: c.blob } : { ...base, text: typeof c.text === 'string' ? c.text : '' };
}

/** One content block; a kind core does not know becomes its JSON as text, so nothing is dropped silently. */
function content(c: { type: string; [k: string]: unknown }): McpContent {
  const s = (k: string) => (typeof c[k] === 'string' ? (c[k] as string) : undefined);
  switch (c.type) {
    case 'text':
      return { type: 'text', text: s('text') ?? '' };
    case 'image':
    case 'audio':
      return { type: c.type, data: s('data') ?? '', mimeType: s('mimeType') ?? 'application/octet-stream' };
    case 'resource_link':
      return { type: 'resource_link', uri: s('uri') ?? '', ...opt('name', s('name')), ...opt('mimeType', s('mimeType')), ...opt('description', s('description')) };
    case 'resource':
      if (isObject(c.resource) && typeof c.resource.uri === 'string') return { type: 'resource', resource: resourceContents(c.resource as { uri: string }) };
      break;
  }
  return { type: 'text', text: JSON.stringify(c) };
}
