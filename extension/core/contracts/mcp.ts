/**
 * MCP as core sees it (docs/ARCHITECTURE.md, MCP): servers configured by the user, each behind an
 * `McpConnection` the host makes with `@modelcontextprotocol/sdk` (host/node/mcp/); core never imports the
 * SDK. The manager (core/engines/mcp/) keeps one connection per server with its status; the tools, resources and
 * prompts it lists become `mcp__<server>__<tool>` tools, ListMcpResources / ReadMcpResource, and slash
 * commands `/mcp__<server>__<prompt>`. What servers use of the client (roots, progress, logging) is mcpClient.ts.
 */
import type { McpProgress, McpResourceUpdatedListener } from './mcpClient';

/**
 * Where a server was configured; project servers (`.mcp.json`) start only after the user approved them.
 * `dynamic`: added while the CLI runs, by the Agent SDK (its in-process servers, `mcp_set_servers`).
 * `plugin`: a plugin's `.mcp.json` or `mcpServers` (core/engines/plugins/), started as the user loaded the plugin.
 */
export type McpConfigScope = 'project' | 'user' | 'settings' | 'cli' | 'dynamic' | 'plugin';

/**
 * A server's configuration after `${VAR}` / `${VAR:-default}` expansion. `sdk`: a server running inside the
 * Agent SDK application that started the CLI (`createSdkMcpServer`); its JSON-RPC travels as `mcp_message`
 * control requests under `name` (cli/sdk/sdkMcp.ts), so only a CLI under the SDK can reach it.
 */
export type McpServerConfig =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { type: 'http' | 'sse'; url: string; headers: Record<string, string>; oauth?: McpOAuthConfig }
  | { type: 'sdk'; name: string };

/**
 * A remote server's `oauth` entry, as in Claude Code's `.mcp.json`: a client registered with the authorization
 * server beforehand (`clientId`, and `clientSecret` for a confidential client; `${VAR}` expanded like every
 * string), and the loopback port its redirect URI names (`http://127.0.0.1:<callbackPort>/callback`).
 */
export interface McpOAuthConfig {
  clientId?: string;
  clientSecret?: string;
  callbackPort?: number;
}

export interface McpServerEntry {
  name: string;
  scope: McpConfigScope;
  config: McpServerConfig;
  /** The file it came from, for problems and the /mcp panel; absent for VS Code settings and CLI JSON. */
  path?: string;
}

/** A server's state as the /mcp panel and `McpClientInfo` show it. */
export type McpServerStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'needsApproval' }
  /** The server wants an OAuth sign-in (`McpHub.authenticate`); `error` is why the last sign-in failed. */
  | { state: 'needsAuth'; url?: string; error?: string }
  | { state: 'failed'; error: string; stderr?: string; retryAt?: number }
  | { state: 'disabled'; reason?: McpDisabledReason };

/**
 * Why a server is off: the user declined the project server's question (Deny), closed it without answering
 * (dismissed), the workspace is not trusted (project servers wait for trust), or it was turned off
 * (`McpManager.setEnabled`). The first two can be approved later (`McpHub.approve`).
 */
export type McpDisabledReason = 'declined' | 'dismissed' | 'untrusted' | 'turnedOff';

/** A tool as the server lists it (`tools/list`). */
export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  _meta?: Record<string, unknown>;
}

export interface McpResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptInfo {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** One content block of a tool result or a prompt message, as MCP sends it. */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string; description?: string }
  | { type: 'resource'; resource: McpResourceContents };

export type McpResourceContents = { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };

export interface McpToolResult {
  content: McpContent[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** A live connection to one server (the SDK's `Client` behind it). Every method rejects with a clear Error. */
export interface McpConnection {
  listTools(): Promise<McpToolInfo[]>;
  /** The call carries a `progressToken`; the server's `notifications/progress` for it go to `onProgress`. */
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal, onProgress?: (progress: McpProgress) => void): Promise<McpToolResult>;
  listResources(): Promise<McpResourceInfo[]>;
  readResource(uri: string, signal?: AbortSignal): Promise<McpResourceContents[]>;
  /** True when the server declared `resources.subscribe`: `subscribeResource` may be used. */
  readonly canSubscribe?: boolean;
  /** `resources/subscribe`: the server sends `notifications/resources/updated` when `uri` changes. */
  subscribeResource?(uri: string): Promise<void>;
  unsubscribeResource?(uri: string): Promise<void>;
  /** `notifications/resources/updated`; returns the unsubscribe. */
  onResourceUpdated?(listener: (uri: string) => void): () => void;
  listPrompts(): Promise<McpPromptInfo[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ description?: string; messages: { role: 'user' | 'assistant'; content: McpContent }[] }>;
  /** `notifications/tools/list_changed` (and the resource and prompt ones); returns the unsubscribe. */
  onListChanged(kind: 'tools' | 'resources' | 'prompts', listener: () => void): () => void;
  /** The connection dropped (the process exited, the stream closed), with what the server printed last. */
  onClose(listener: (reason: { error?: string; stderr?: string }) => void): () => void;
  close(): Promise<void>;
  /** What the server said it is in its `initialize` answer. */
  readonly serverInfo?: { name: string; version: string };
}

/** An MCP server asks the user for input (`elicitation/create`): a form to fill (`requestedSchema`) or a URL to open. */
export interface McpElicitation {
  server: string;
  message: string;
  mode: 'form' | 'url';
  requestedSchema?: Record<string, unknown>;
  url?: string;
  elicitationId?: string;
}

/**
 * The answer the server gets; `content` (accept of a form) holds the values by property name. `note` is
 * for the model, not the server: it is added to the result of the tool call the request came in (the
 * headless CLI says that it declined because nobody could answer).
 */
export interface McpElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  note?: string;
}

/** Who answers elicitations (the Agent SDK's application in the CLI); without one, servers cannot elicit. */
export interface McpElicitationPort {
  elicit(request: McpElicitation, signal?: AbortSignal): Promise<McpElicitationResult>;
}

/** Makes connections; host/node/mcp/ implements it with the SDK's stdio, streamable HTTP and SSE transports. */
export interface McpConnector {
  connect(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection>;
  /**
   * The interactive OAuth sign-in of a remote server (the browser, the redirect back), then the connection.
   * `connect` never opens a browser: it throws `McpAuthRequiredError` (core/engines/mcp/authError.ts) instead.
   * Absent where nobody can sign in (the headless CLI).
   */
  authenticate?(entry: McpServerEntry, signal?: AbortSignal): Promise<McpConnection>;
}

/** One server as the manager knows it. */
export interface McpServerView {
  name: string;
  scope: McpConfigScope;
  status: McpServerStatus;
  tools: McpToolInfo[];
  resources: McpResourceInfo[];
  prompts: McpPromptInfo[];
  path?: string;
  /** The server's name and version from its `initialize` answer, while connected. */
  serverInfo?: { name: string; version: string };
}

/**
 * What the tools, commands and UI use (core/engines/mcp/manager.ts implements it): the servers and their lists, calls
 * routed to the right connection, and a change event when a list or a status changes.
 */
export interface McpHub {
  servers(): readonly McpServerView[];
  callTool(server: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal, onProgress?: (progress: McpProgress) => void): Promise<McpToolResult>;
  readResource(server: string, uri: string, signal?: AbortSignal): Promise<McpResourceContents[]>;
  /**
   * Keeps `uri` of `server` subscribed (when the server declares `resources.subscribe`; again after a reconnect)
   * until the returned release is called; holders are counted, so the last release unsubscribes.
   */
  subscribeResource?(server: string, uri: string): () => void;
  /** A subscribed resource changed (`notifications/resources/updated`); returns the unsubscribe. */
  onResourceUpdated?(listener: McpResourceUpdatedListener): () => void;
  getPrompt(server: string, prompt: string, args: Record<string, string>): ReturnType<McpConnection['getPrompt']>;
  /** Restart from the /mcp panel: close and connect again now. */
  restart(server: string): Promise<void>;
  /** Sign in to a `needsAuth` server (the /mcp panel's Authenticate); rejects with why it failed. */
  authenticate?(server: string): Promise<void>;
  /**
   * Ask again about a project server the user declined or dismissed (the /mcp panel's Approve…, the palette's
   * Approve MCP Server…); an approved one connects. Rejects while the workspace is not trusted.
   */
  approve?(server: string): Promise<void>;
  onDidChange(listener: () => void): () => void;
}

/** `mcp__<server>__<tool>`, with characters the API does not allow in tool names replaced by `_`. */
export function mcpToolName(server: string, tool: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  return `mcp__${clean(server)}__${clean(tool)}`;
}

/** One MCP server, for /mcp. */
export interface McpPanelRow {
  name: string;
  status: 'connected' | 'pending' | 'failed' | 'disabled' | 'needsApproval' | 'needsAuth';
  tools: number;
  error?: string;
  resources?: number;
  prompts?: number;
  /** Where it is configured: `project` (.mcp.json), `user` (~/.claude.json), `settings`, `cli`, `dynamic` (Agent SDK). */
  scope?: McpConfigScope;
  path?: string;
  /** The end of what a failed server printed on stderr. */
  stderr?: string;
  /** When a failed server is tried again (ms since the epoch). */
  retryAt?: number;
  authUrl?: string;
  /** Why a `disabled` server is off (core/contracts/mcp.ts `McpDisabledReason`). */
  disabledReason?: 'declined' | 'dismissed' | 'untrusted' | 'turnedOff';
}
