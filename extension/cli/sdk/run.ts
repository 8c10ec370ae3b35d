/**
 * Puts the SDK transport together for `--input-format stream-json` (docs/ARCHITECTURE.md, The SDK transport):
 * the control channel on stdout, who answers permission asks (`--permission-prompt-tool`), the control
 * requests, `initialize`, and the run of turns.
 */
import type { AgentSession, AgentSessionDeps } from '../../core/loop/session/agentSession';
import type { McpHub } from '../../core/contracts/mcp';
import type { ThinkingSetting } from '../../core/engines/models/requestOptions';
import type { PermissionHolder } from '../../core/contracts/settings';
import type { AskUser } from '../../core/contracts/permissionPrompts';
import type { Output } from '../output';
import type { CliSlashResult } from '../slash';
import { ControlChannel } from './channel';
import { registerSessionHandlers } from './handlers';
import { registerInitialize, type InitializeExtensions } from './initialize';
import { mcpToolAskUser, sdkAskUser } from './permissionPrompt';
import { SdkSession, type SdkSessionRun } from './session';

/** What `set_model` and `set_max_thinking_tokens` changed; the run's settings read it at each request. */
export interface RunOverrides {
  model?: string;
  thinking?: ThinkingSetting;
}

/** The channel writes whole lines to stdout, as the output does: one write per line, so lines never mix. */
export function createControlChannel(stdout: NodeJS.WritableStream): ControlChannel {
  return new ControlChannel((line) => void stdout.write(`${JSON.stringify(line)}\n`));
}

/**
 * Who answers an ask: the SDK (`stdio`), an MCP tool (any other name), or nobody (undefined: asks are
 * denied, as in every headless run). `stop` ends the running turn (an answer with `interrupt: true`).
 */
export function promptToolAskUser(promptTool: string | undefined, channel: ControlChannel | undefined, hub: () => McpHub | undefined, stop: () => void): AskUser | undefined {
  if (!promptTool) return undefined;
  if (promptTool === 'stdio') return channel ? sdkAskUser(channel, stop) : undefined;
  return mcpToolAskUser(promptTool, hub, stop);
}

export interface SdkTransportRun {
  channel: ControlChannel;
  session: AgentSession;
  deps: AgentSessionDeps;
  output: Output;
  input: NodeJS.ReadableStream;
  stderr: NodeJS.WritableStream;
  permissions: PermissionHolder;
  overrides: RunOverrides;
  /** The run's own model (`--model` or the default), which `set_model` with no model goes back to. */
  baseModel: string;
  controlProtocol: boolean;
  apiKeySource: string;
  provider: string;
  version: string;
  extensions: InitializeExtensions;
  setJsonSchema?: (schema: Record<string, unknown>) => string | undefined;
  beforeFirstTurn?: () => void | Promise<void>;
  replayUser?: SdkSessionRunReplay;
  runSlash?: (prompt: string) => Promise<CliSlashResult>;
  onTurnStart?: SdkSessionRun['onTurnStart'];
}

type SdkSessionRunReplay = SdkSessionRun['replayUser'];

export async function runSdkTransport(run: SdkTransportRun): Promise<number> {
  let resolveReady = () => {};
  const initialized = new Promise<void>((resolve) => (resolveReady = resolve));
  const model = () => run.overrides.model ?? run.baseModel;
  const sdk = new SdkSession({
    session: run.session,
    output: run.output,
    channel: run.channel,
    input: run.input,
    stderr: run.stderr,
    controlProtocol: run.controlProtocol,
    initialized,
    ...(run.beforeFirstTurn ? { beforeFirstTurn: run.beforeFirstTurn } : {}),
    ...(run.replayUser ? { replayUser: run.replayUser } : {}),
    ...(run.runSlash ? { runSlash: run.runSlash } : {}),
    ...(run.onTurnStart ? { onTurnStart: run.onTurnStart } : {}),
  });
  registerSessionHandlers(run.channel, {
    session: () => run.session,
    permissions: run.permissions,
    model,
    setModel: (m) => (m === undefined ? delete run.overrides.model : (run.overrides.model = m)),
    setThinking: (t) => (t === undefined ? delete run.overrides.thinking : (run.overrides.thinking = t)),
    queued: () => sdk.queued(),
  });
  registerInitialize(
    run.channel,
    { deps: run.deps, model, apiKeySource: run.apiKeySource, provider: run.provider, version: run.version, extensions: run.extensions, ...(run.setJsonSchema ? { setJsonSchema: run.setJsonSchema } : {}) },
    { resolve: resolveReady },
  );
  return sdk.start();
}
