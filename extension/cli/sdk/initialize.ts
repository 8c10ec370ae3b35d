/**
 * `initialize`, the SDK's first control request (docs/ARCHITECTURE.md, The SDK transport): it brings what the
 * app's `Options` hold that the command line cannot carry — hook callbacks, in-process MCP servers, agent
 * types, the system prompt and its append, a JSON schema — and is answered with the session's commands,
 * agent types, models and account. Turns wait until it is served, so the first one already sees all of it.
 */
import type { AgentSessionDeps } from '../../core/loop/session/agentSession';
import { parseAgentsJson } from '../../core/loop/subagents/agentsJson';
import { BUILTIN_AGENTS } from '../../core/loop/subagents/definitions';
import type { AgentDefinition } from '../../core/contracts/agents';
import type { ControlBody, ControlChannel } from './channel';
import { modelRows } from './handlers';

/** The parts of `initialize` served elsewhere (hooks and SDK MCP servers: sdkHooks.ts, sdkMcp.ts). */
export interface InitializeExtensions {
  /** Registers the hook callbacks; true when there were any. */
  hooks?(hooks: unknown, channel: ControlChannel): boolean | Promise<boolean>;
  /** Connects the app's in-process MCP servers before the first turn. */
  sdkMcpServers?(names: string[], request: ControlBody, channel: ControlChannel): Promise<void>;
}

export interface InitializeTarget {
  /** Mutable: the system prompt, agent types and tools are read at each turn's start. */
  deps: AgentSessionDeps;
  model(): string;
  /** `ANTHROPIC_API_KEY`, or `none` where a cloud provider signs the requests. */
  apiKeySource: string;
  provider: string;
  version: string;
  /** A JSON schema for the final answer (`outputFormat`), as `--json-schema` would give it. */
  setJsonSchema?(schema: Record<string, unknown>): string | undefined;
  extensions: InitializeExtensions;
}

const API_PROVIDER: Record<string, string> = { anthropic: 'firstParty', bedrock: 'bedrock', vertex: 'vertex', foundry: 'foundry' };

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The app's `agents` option, validated as `--agents` is; they go over the agent types of the files. */
function applyAgents(target: InitializeTarget, agents: unknown): void {
  if (agents === undefined) return;
  const parsed = parseAgentsJson(JSON.stringify(agents));
  if (!parsed.ok) throw new Error(`agents: ${parsed.error}`);
  const base = target.deps.agentDefinitions;
  const extra = parsed.definitions;
  target.deps.agentDefinitions = async () => {
    const known = (await base?.()) ?? BUILTIN_AGENTS;
    const names = new Set(extra.map((a) => a.agentType));
    return [...known.filter((a) => !names.has(a.agentType)), ...extra];
  };
}

/** `systemPrompt` (the app's string, as a list of parts) replaces ours; an empty one keeps ours. */
function applySystemPrompt(target: InitializeTarget, request: ControlBody): void {
  const parts = stringList(request.systemPrompt);
  const custom = parts.join('\n\n').trim();
  if (custom) target.deps.customSystemPrompt = custom;
  const append = typeof request.appendSystemPrompt === 'string' ? request.appendSystemPrompt.trim() : '';
  if (append) target.deps.appendSystemPrompt = [target.deps.appendSystemPrompt, append].filter(Boolean).join('\n\n');
}

/** The style in use and the ones there are; `default` alone without output styles. */
async function outputStyleAnswer(deps: AgentSessionDeps): Promise<{ output_style: string; available_output_styles: string[] }> {
  const read = await deps.outputStyles?.read();
  return { output_style: read?.current.name ?? 'default', available_output_styles: read?.styles.map((s) => s.name) ?? ['default'] };
}

async function answer(target: InitializeTarget, hooksApplied: boolean | undefined): Promise<ControlBody> {
  const agents: readonly AgentDefinition[] = (await target.deps.agentDefinitions?.()) ?? BUILTIN_AGENTS;
  const commands = (await target.deps.commands?.()) ?? [];
  return {
    commands: commands.filter((c) => !c.isHidden && c.userInvocable !== false).map((c) => ({ name: c.name, description: c.description, argumentHint: c.argumentHint ?? '' })),
    agents: agents.map((a) => ({ name: a.agentType, description: a.whenToUse, ...(a.model ? { model: a.model } : {}) })),
    ...(await outputStyleAnswer(target.deps)),
    models: modelRows(target.model()),
    account: { apiKeySource: target.apiKeySource, apiProvider: API_PROVIDER[target.provider] ?? 'firstParty' },
    claude_code_version: target.version,
    ...(hooksApplied !== undefined ? { hooks_applied: hooksApplied } : {}),
  };
}

/** Serves `initialize`; `ready` settles once it has been applied (turns wait on it). */
export function registerInitialize(channel: ControlChannel, target: InitializeTarget, ready: { resolve: () => void }): void {
  let done = false;
  channel.handle('initialize', async (request) => {
    if (done) throw new Error('the session is already initialized');
    done = true;
    try {
      applySystemPrompt(target, request);
      applyAgents(target, request.agents);
      if (request.jsonSchema && typeof request.jsonSchema === 'object') {
        const error = target.setJsonSchema?.(request.jsonSchema as Record<string, unknown>);
        if (error) throw new Error(`jsonSchema: ${error}`);
      }
      const hooksApplied = request.hooks !== undefined && target.extensions.hooks ? await target.extensions.hooks(request.hooks, channel) : undefined;
      const servers = stringList(request.sdkMcpServers);
      if (servers.length) {
        if (!target.extensions.sdkMcpServers) throw new Error('in-process MCP servers are not available in this run');
        await target.extensions.sdkMcpServers(servers, request, channel);
      }
      return await answer(target, hooksApplied);
    } finally {
      ready.resolve();
    }
  });
}
