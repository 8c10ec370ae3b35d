/**
 * What a turn sends before its messages: the agent types, command files and memory read afresh, the system
 * prompt over the environment, and the tool definitions (the request prefix /context reports).
 */
import type { EnvironmentInfo } from '../../contracts/environment';
import type { Command } from '../../contracts/commands';
import type { Tools } from '../../contracts/tool';
import type { RequestPrefix } from '../../contracts/toolUseContext';
import { BUILTIN_AGENTS } from '../subagents/definitions';
import { buildSystemPrompt } from '../query/systemPrompt';
import type { TurnModelSettings } from '../query/sessionParams';
import { startPermissions } from './permissionWiring';
import type { TurnOptions } from './sessionDeps';
import type { SessionState } from './sessionState';
import { definitionsOf, offeredTools } from './toolState';

export interface TurnRequest {
  prefix: RequestPrefix;
  system: RequestPrefix['system'];
  definitions: RequestPrefix['tools'];
  tools: Tools;
}

/** Reads what may have changed since the last turn and builds the turn's prefix; the permissions start here too. */
export async function prepareRequest(s: SessionState, settings: TurnModelSettings, options: TurnOptions): Promise<TurnRequest> {
  const { deps } = s;
  s.contextWindow.env ??= deps.environment.info();
  const env = await s.memory.refresh(await s.contextWindow.env);
  s.tools.definitions = (await deps.agentDefinitions?.()) ?? BUILTIN_AGENTS;
  s.tools.commandList = (await deps.commands?.()) ?? [];
  const tools = offeredTools(s.tools, deps);
  startPermissions(s.store, deps, options);
  const outputStyle = await deps.outputStyles?.current();
  const system = buildSystemPrompt({
    env: withFolders(s, env),
    tools,
    skills: skillSummaries(s.tools.commandList),
    ...(deps.customSystemPrompt ? { customSystemPrompt: deps.customSystemPrompt } : {}),
    ...(deps.appendSystemPrompt ? { appendSystemPrompt: deps.appendSystemPrompt } : {}),
    ...(outputStyle ? { outputStyle } : {}),
  });
  const definitions = await definitionsOf(s.tools, deps, s.store, tools);
  const prefix = { model: settings.model, system, tools: definitions };
  s.contextWindow.lastPrefix = prefix;
  return { prefix, system, definitions, tools };
}

/** The definitions of the tools the loop refreshed mid-turn; they become the prefix /context reports. */
export async function refreshDefinitions(s: SessionState, model: string, system: RequestPrefix['system'], changed: Tools): Promise<RequestPrefix['tools']> {
  const definitions = await definitionsOf(s.tools, s.deps, s.store, changed);
  s.contextWindow.lastPrefix = { model, system, tools: definitions };
  return definitions;
}

/** The environment with the workspace as the tools see it: every folder of a multi-root workspace, the added directories. */
function withFolders(s: SessionState, env: EnvironmentInfo): EnvironmentInfo {
  // Inside a worktree the worktree alone is the workspace (core/engines/worktrees/worktreeSession.ts).
  const folders = s.store.getState().worktreeSession ? [] : s.deps.toolPorts.workspace.roots;
  const added = [...s.store.getState().toolPermissionContext.additionalWorkingDirectories.keys()];
  return { ...env, ...(folders.length > 1 ? { workspaceFolders: [...folders] } : {}), ...(added.length ? { additionalDirectories: added } : {}) };
}

/** The skills the model may load (not those that set `disable-model-invocation`), for the system prompt. */
export function skillSummaries(commands: readonly Command[]): { name: string; description: string }[] {
  return commands.filter((c) => c.type === 'prompt' && c.isSkill === true && c.disableModelInvocation !== true).map((c) => ({ name: c.name, description: c.description }));
}
