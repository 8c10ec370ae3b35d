/** A fake `McpHub` for the MCP tools, resources, prompts and mentions tests: servers set by the test, calls recorded. */
import type { McpProgress } from '../../../../extension/core/contracts/mcpClient';
import type { McpHub, McpPromptInfo, McpResourceContents, McpResourceInfo, McpServerView, McpToolInfo, McpToolResult } from '../../../../extension/core/contracts/mcp';

export interface FakeServer {
  name: string;
  state?: McpServerView['status']['state'];
  tools?: McpToolInfo[];
  resources?: McpResourceInfo[];
  prompts?: McpPromptInfo[];
  /** Contents by uri. */
  contents?: Record<string, McpResourceContents[]>;
  /** Answers by tool name; a default text answer echoes the arguments. */
  results?: Record<string, McpToolResult | ((args: Record<string, unknown>, onProgress?: (progress: McpProgress) => void) => McpToolResult)>;
  /** Prompt messages by prompt name, given the arguments. */
  promptMessages?: Record<string, (args: Record<string, string>) => { role: 'user' | 'assistant'; text: string }[]>;
}

export interface FakeHub extends McpHub {
  calls: { server: string; tool: string; args: Record<string, unknown> }[];
  /** The resources held subscribed now, as `server uri`, once per holder. */
  subscriptions: string[];
  /** Fires onResourceUpdated, as `notifications/resources/updated` would. */
  updated(server: string, uri: string): void;
  promptCalls: { server: string; prompt: string; args: Record<string, string> }[];
  set(servers: FakeServer[]): void;
  /** Fires onDidChange, as a `list_changed` notification would. */
  changed(): void;
}

export function tool(name: string, extra: Partial<McpToolInfo> = {}): McpToolInfo {
  return { name, description: `The ${name} tool`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, ...extra };
}

function view(s: FakeServer): McpServerView {
  const status = (s.state ?? 'connected') === 'failed' ? { state: 'failed' as const, error: 'boom' } : { state: s.state ?? 'connected' };
  return { name: s.name, scope: 'user', status: status as McpServerView['status'], tools: s.tools ?? [], resources: s.resources ?? [], prompts: s.prompts ?? [] };
}

export function fakeHub(initial: FakeServer[] = []): FakeHub {
  let servers = initial;
  const listeners = new Set<() => void>();
  const updateListeners = new Set<(server: string, uri: string) => void>();
  const find = (name: string) => {
    const s = servers.find((x) => x.name === name);
    if (!s || (s.state ?? 'connected') !== 'connected') throw new Error(`MCP server "${name}" is not connected.`);
    return s;
  };
  const hub: FakeHub = {
    calls: [],
    promptCalls: [],
    subscriptions: [],
    subscribeResource(server, uri) {
      hub.subscriptions.push(`${server} ${uri}`);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        hub.subscriptions.splice(hub.subscriptions.indexOf(`${server} ${uri}`), 1);
      };
    },
    onResourceUpdated(listener) {
      updateListeners.add(listener);
      return () => void updateListeners.delete(listener);
    },
    updated(server, uri) {
      for (const l of [...updateListeners]) l(server, uri);
    },
    servers: () => servers.map(view),
    async callTool(server, name, args, _signal, onProgress) {
      hub.calls.push({ server, tool: name, args });
      const answer = find(server).results?.[name];
      if (typeof answer === 'function') return answer(args, onProgress);
      return answer ?? { content: [{ type: 'text', text: `${name}: ${JSON.stringify(args)}` }] };
    },
    async readResource(server, uri) {
      const contents = find(server).contents?.[uri];
      if (!contents) throw new Error(`Resource ${uri} not found`);
      return contents;
    },
    async getPrompt(server, prompt, args) {
      hub.promptCalls.push({ server, prompt, args });
      const make = find(server).promptMessages?.[prompt];
      if (!make) throw new Error(`Prompt ${prompt} not found`);
      return { messages: make(args).map((m) => ({ role: m.role, content: { type: 'text' as const, text: m.text } })) };
    },
    async restart() {},
    onDidChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      servers = next;
      hub.changed();
    },
    changed() {
      for (const l of listeners) l();
    },
  };
  return hub;
}
