/**
 * The extension host as the client of the MCP conformance scenarios (mcpConformance.test.ts), doing what a user's
 * Codewright does with a remote server: the server in the `codewright.mcpServers` setting (a pre-registered
 * client's credentials in its `oauth` entry), connected by the window's hub; a server that wants a sign-in gets
 * the hub's `authenticate`, with the browser replaced (`api.mcp.setSignIn`) by a fetch that follows the
 * authorization server's redirect to the sign-in's loopback (the suite's authorization servers approve at once);
 * then every tool it lists called through the hub, as the chat calls them. A request for input is answered from
 * the chat's card (`api.chats.elicitations`) with what the card sends when the user accepts its defaults.
 * Several scenarios may run at once, each with a server of its own name, except `auth/basic-cimd`, which offers
 * the client ID metadata document URL to every sign-in while it runs and so must run alone.
 */
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import type { McpServerStatus, McpServerView, McpToolInfo } from '../../../extension/core/contracts/mcp';
import { elicitationFields, formContent, initialInputs } from '../../../extension/protocol/elicitationForm';
import type { ScenarioClient, ScenarioRequest } from './conformanceRunner';

/** The suite's client ID metadata document URL (its authorization server only compares it; nothing fetches it). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

type Say = (line: string) => void;

export interface ExtensionHostClient {
  play: ScenarioClient;
  /** Removes the servers and restores the browser. */
  dispose(): Promise<void>;
}

/**
 * Plays the scenarios' clients in this window. Each scenario's server gets a name of its own (so no tokens stored
 * for an earlier one, kept by name and URL, are found) and is turned off before the suite stops it and judges.
 */
export function extensionHostClient(api: CodewrightApi): ExtensionHostClient {
  const setting = serverSetting(api);
  const logs = new Map<string, Say>();
  const answering = answerElicitations(api, (server, line) => logs.get(server)?.(line));
  api.mcp.setSignIn({ openBrowser: followToLoopback });
  let count = 0;
  const play: ScenarioClient = async (request) => {
    const name = `conformance-${++count}`;
    const lines: string[] = [];
    logs.set(name, (line) => lines.push(line));
    const cimd = request.scenario === 'auth/basic-cimd';
    if (cimd) api.mcp.setSignIn({ openBrowser: followToLoopback, clientMetadataUrl: CIMD_URL });
    try {
      await connectAndCall(api, setting, name, request, (line) => lines.push(line));
      return { exitCode: 0, log: lines.join('\n') + '\n' };
    } catch (err) {
      lines.push(`failed: ${err instanceof Error ? err.message : String(err)}`);
      return { exitCode: 1, log: lines.join('\n') + '\n' };
    } finally {
      if (cimd) api.mcp.setSignIn({ openBrowser: followToLoopback });
      logs.delete(name);
      if (current(api, name)) await api.mcp.hub.setEnabled(name, false);
      setting.remove(name);
    }
  };
  return {
    play,
    dispose: async () => {
      answering.stop();
      api.mcp.setSignIn(undefined);
      await setting.clear();
    },
  };
}

async function connectAndCall(api: CodewrightApi, setting: ServerSetting, name: string, request: ScenarioRequest, say: Say): Promise<void> {
  const hub = api.mcp.hub;
  const { client_id: clientId, client_secret: clientSecret } = request.context;
  const oauth = clientId ? { oauth: { clientId, ...(clientSecret ? { clientSecret } : {}) } } : {};
  await setting.add(name, { type: 'http', url: request.url, ...oauth });
  const status = await settled(api, name);
  if (status.state === 'needsAuth') {
    say('the server wants a sign-in: authenticating');
    await hub.authenticate(name);
  } else if (status.state !== 'connected') {
    throw new Error(`the server is ${status.state}: ${JSON.stringify(status)}`);
  }
  const view = current(api, name);
  say(`connected to ${JSON.stringify(view?.serverInfo)}; tools: ${view?.tools.map((t) => t.name).join(', ') || '(none)'}`);
  for (const tool of view?.tools ?? []) {
    const result = await hub.callTool(name, tool.name, argumentsFor(tool));
    say(`called ${tool.name}: ${result.isError ? 'error ' : ''}${JSON.stringify(result.content).slice(0, 300)}`);
  }
}

interface ServerSetting {
  /** Writes the setting with `name` added, and reloads the configuration. */
  add(name: string, entry: Record<string, unknown>): Promise<void>;
  /** Left out of the next write. */
  remove(name: string): void;
  clear(): Promise<void>;
}

/** `codewright.mcpServers` as the scenarios running need it; writes go one at a time. */
function serverSetting(api: CodewrightApi): ServerSetting {
  const servers: Record<string, unknown> = {};
  let writing = Promise.resolve();
  const write = (value: Record<string, unknown> | undefined) => {
    const next = writing.then(async () => {
      await vscode.workspace.getConfiguration('codewright').update('mcpServers', value && { ...value }, vscode.ConfigurationTarget.Global);
      await api.mcp.reload();
    });
    writing = next.catch(() => {});
    return next;
  };
  return {
    add: (name, entry) => {
      servers[name] = entry;
      return write(servers);
    },
    remove: (name) => void delete servers[name],
    clear: () => write(undefined),
  };
}

const current = (api: CodewrightApi, name: string): McpServerView | undefined => api.mcp.hub.servers().find((s) => s.name === name);

/** The server's status once its first connect ended (connected, waiting for a sign-in, or failed). */
function settled(api: CodewrightApi, name: string, timeoutMs = 20_000): Promise<McpServerStatus> {
  const hub = api.mcp.hub;
  const done = () => {
    const status = current(api, name)?.status;
    return status && status.state !== 'connecting' ? status : undefined;
  };
  return new Promise((resolve, reject) => {
    const now = done();
    if (now) return resolve(now);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`the server was still connecting after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const off = hub.onDidChange(() => {
      const status = done();
      if (!status) return;
      clearTimeout(timer);
      off();
      resolve(status);
    });
  });
}

/**
 * The test's browser: fetches the authorization URL and follows the redirects, as a user approving at once
 * would, which ends at the sign-in's loopback callback. Fails (and so fails the sign-in at once, where a person
 * would close the page) when the chain does not end there with a page.
 */
async function followToLoopback(start: string): Promise<void> {
  let at = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (!LOOPBACK.has(at.hostname)) throw new Error(`the browser was sent off the loopback: ${at.href}`);
    const res = await fetch(at, { redirect: 'manual' });
    const next = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !next) {
      const body = await res.text();
      if (!res.ok) throw new Error(`the browser got ${res.status} at ${at.href}: ${body.slice(0, 300)}`);
      return;
    }
    await res.body?.cancel();
    at = new URL(next, at);
  }
  throw new Error('the browser was redirected more than 10 times');
}

/** A value of the right type for every property: its default, else its first enum value, else 1, 2, … / "conformance" / true. */
function argumentsFor(tool: McpToolInfo): Record<string, unknown> {
  const props = Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { type?: string; default?: unknown; enum?: unknown[] }>);
  return Object.fromEntries(props.map(([name, p], i) => [name, p.default ?? p.enum?.[0] ?? sample(p.type, i)]));
}

function sample(type: string | undefined, index: number): unknown {
  if (type === 'number' || type === 'integer') return index + 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'conformance';
}

/**
 * Answers each request for input that reaches the chat's card as a user accepting the form untouched would:
 * the card's initial inputs (each property's default, SEP-1034) made into content by the card's own rules.
 * `say` gets what was answered, by the server that asked.
 */
function answerElicitations(api: CodewrightApi, say: (server: string, line: string) => void): { stop(): void } {
  const card = api.chats.elicitations;
  const answered = new Set<string>();
  const timer = setInterval(() => {
    const request = card.pendingRequest;
    if (!request || answered.has(request.requestId)) return;
    answered.add(request.requestId);
    if (request.mode !== 'form') {
      say(request.server, `declined a URL-mode request for input: ${request.url}`);
      card.answer({ type: 'answerElicitation', requestId: request.requestId, action: 'decline' });
      return;
    }
    const fields = elicitationFields(request.schema);
    const outcome = formContent(fields, initialInputs(fields));
    const answer = outcome.ok ? ({ action: 'accept', content: outcome.content } as const) : ({ action: 'decline' } as const);
    say(request.server, `answered the request for input "${request.message}": ${JSON.stringify(answer)}`);
    if (!card.answer({ type: 'answerElicitation', requestId: request.requestId, ...answer })) say(request.server, 'the card refused the answer');
  }, 50);
  return { stop: () => clearInterval(timer) };
}
