/**
 * The stream-json `system/init` line (the Agent SDK's `SDKSystemMessage`): what the session offers, written
 * before the first turn, or later through `Output.writeInit` (the SDK transport writes it once its
 * `initialize` request has added MCP servers and agents). docs/ARCHITECTURE.md, stream-json messages.
 */
import { randomUUID } from 'node:crypto';
import type { AgentSessionDeps } from '../../core/loop/session/agentSession';
import { BUILTIN_AGENTS } from '../../core/loop/subagents/definitions';
import type { AgentDefinition } from '../../core/contracts/agents';
import { createBuiltinCommands } from '../../core/loop/commands/builtins';
import type { CommandHost } from '../../core/loop/commands/host';
import type { Command } from '../../core/contracts/commands';
import { mcpToolName, type McpServerStatus, type McpServerView } from '../../core/contracts/mcp';
import { version } from '../../../package.json';

/** What the init line says; everything past the first four has a default. */
export interface OutputInit {
  sessionId: string;
  model: string;
  cwd: string;
  /** Tool names as the model sees them (MCP tools as `mcp__server__tool`). */
  tools: string[];
  mcpServers?: { name: string; status: string }[];
  /** `default`, `acceptEdits`, `plan`, `bypassPermissions`, `dontAsk` or `auto`. */
  permissionMode?: string;
  /** Command names without the `/`. */
  slashCommands?: string[];
  /** `ANTHROPIC_API_KEY` (the environment's key is in use) or `none` (a cloud provider's own credentials). */
  apiKeySource?: string;
  /** Agent type names the Agent tool offers. */
  agents?: string[];
  skills?: string[];
  /** The loaded plugins: `path` their folder, `version` their manifest's when it names one. */
  plugins?: { name: string; path: string; version?: string }[];
  outputStyle?: string;
  /** `claude_code_version`; the package's version by default. */
  version?: string;
}

/** The `claude_code_version` of this build: the package's version, plain semver as SDK consumers compare it. */
export const CLI_VERSION = version;

export function initMessage(init: OutputInit): Record<string, unknown> {
  return {
    type: 'system',
    subtype: 'init',
    cwd: init.cwd,
    session_id: init.sessionId,
    tools: init.tools,
    mcp_servers: init.mcpServers ?? [],
    model: init.model,
    permissionMode: init.permissionMode ?? 'default',
    slash_commands: init.slashCommands ?? [],
    apiKeySource: init.apiKeySource ?? 'none',
    claude_code_version: init.version ?? CLI_VERSION,
    output_style: init.outputStyle ?? 'default',
    agents: init.agents ?? [],
    skills: init.skills ?? [],
    plugins: init.plugins ?? [],
    uuid: randomUUID(),
  };
}

/** Claude Code's words for a server's state: connected, pending, needs-auth, failed, disabled. */
export function mcpStatusName(status: McpServerStatus): string {
  switch (status.state) {
    case 'connected':
      return 'connected';
    case 'connecting':
    case 'needsApproval':
      return 'pending';
    case 'needsAuth':
      return 'needs-auth';
    case 'failed':
      return 'failed';
    case 'disabled':
      return 'disabled';
  }
}

/** What the session has when the init is written: the caller's pieces, turned into the init's lists. */
export interface InitSources {
  sessionId: string;
  model: string;
  cwd: string;
  /** The session's own tools (MCP servers' tools are added from `mcpServers`). */
  toolNames: readonly string[];
  mcpServers?: readonly McpServerView[];
  permissionMode?: string;
  agents?: readonly AgentDefinition[];
  /** Command files and skills (host/node/commandFiles.ts). */
  commands?: readonly Command[];
  /** True when requests go through a cloud provider (Bedrock, Vertex AI, Foundry) rather than an Anthropic key. */
  cloudProvider?: boolean;
  /** The run's plugins (cli/plugins.ts). */
  plugins?: readonly { name: string; root: string; version?: string }[];
  /** The output style in use; `default` when absent. */
  outputStyle?: string;
  env?: NodeJS.ProcessEnv;
}

export function initFrom(sources: InitSources): OutputInit {
  const servers = sources.mcpServers ?? [];
  const taken = new Set(sources.toolNames);
  const mcpTools = servers.flatMap((s) => (s.status.state === 'connected' ? s.tools.map((t) => mcpToolName(s.name, t.name)) : [])).filter((n) => !taken.has(n));
  const commands = sources.commands ?? [];
  const env = sources.env ?? process.env;
  return {
    sessionId: sources.sessionId,
    model: sources.model,
    cwd: sources.cwd,
    tools: [...sources.toolNames, ...mcpTools],
    mcpServers: servers.map((s) => ({ name: s.name, status: mcpStatusName(s.status) })),
    permissionMode: sources.permissionMode ?? 'default',
    slashCommands: headlessCommandNames(commands),
    apiKeySource: !sources.cloudProvider && env.ANTHROPIC_API_KEY?.trim() ? 'ANTHROPIC_API_KEY' : 'none',
    agents: (sources.agents ?? []).map((a) => a.agentType),
    skills: commands.filter((c) => c.isSkill === true).map((c) => c.name),
    plugins: (sources.plugins ?? []).map((p) => ({ name: p.name, path: p.root, ...(p.version ? { version: p.version } : {}) })),
    outputStyle: sources.outputStyle ?? 'default',
  };
}

/** The built-in commands a headless run can run, then the command files the user may invoke; each name once. */
function headlessCommandNames(files: readonly Command[]): string[] {
  // The factories only keep the host for later calls; names and kinds are all that is read here.
  const builtins = createBuiltinCommands({} as CommandHost).filter(
    (c) => c.type === 'prompt' || (c.type === 'local' && c.supportsNonInteractive) || (c.type === 'local-jsx' && c.renderText !== undefined),
  );
  const names = [...builtins, ...files.filter((c) => c.userInvocable !== false && c.isHidden !== true)].map((c) => c.name);
  return [...new Set(names)];
}

/**
 * The init of a CLI run as the session's dependencies stand now: call it again after an SDK `initialize`
 * changed them (agents, MCP servers, the tool list). `provider`: the run's (cli/provider.ts).
 */
export async function cliInit(run: {
  sessionId: string;
  deps: AgentSessionDeps;
  model: string;
  cwd: string;
  provider: string;
  plugins?: readonly { name: string; root: string; version?: string }[];
}): Promise<OutputInit> {
  const { deps } = run;
  return initFrom({
    sessionId: run.sessionId,
    model: run.model,
    cwd: run.cwd,
    toolNames: deps.tools.map((t) => t.name),
    mcpServers: deps.mcp?.servers() ?? [],
    permissionMode: deps.permissions?.current().mode ?? 'default',
    agents: (await deps.agentDefinitions?.()) ?? BUILTIN_AGENTS,
    commands: (await deps.commands?.()) ?? [],
    cloudProvider: run.provider !== 'anthropic',
    ...(run.plugins ? { plugins: run.plugins } : {}),
    outputStyle: (await deps.outputStyles?.current())?.name ?? 'default',
  });
}
