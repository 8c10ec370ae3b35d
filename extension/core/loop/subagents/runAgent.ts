/**
 * `SpawnAgent` (docs/ARCHITECTURE.md, Sub-agents): starts a sub-agent under a parent's context, in the
 * foreground (the caller awaits its report) or as a `local_agent` / `in_process_teammate` task. A sub-agent of
 * the parent's model sends the parent's exact system blocks and tool definitions first, then one block of its
 * own instructions, so its first request reads the parent's cached prefix; the tools it may not use are
 * refused when called (they are missing from its context's tool list).
 */
import { createAgentId, toAgentId, type AgentId } from '../../base/ids';
import type { TextBlock, ToolDefinition } from '../../base/messages';
import { taskRegistry } from '../../engines/tasks/registry';
import { finishAgentTask, recordAgentProgress, setAgentIdle, startAgentTask } from '../../engines/tasks/localAgent';
import { taskSetter } from '../../engines/tasks/taskStore';
import { generateTaskId } from '../../contracts/tasks';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { CanUseToolFn } from '../../contracts/tool';
import { toolDefinitions } from '../../engines/tools/toolSchema';
import { agentProgress, runAgentLoop, type AgentLoopDeps, type AgentLoopRun } from './agentLoop';
import { AgentTranscript } from './agentTranscript';
import { allowedToolNames, permissionModeFor } from './definitions';
import { FORK_DEFINITION, forkOpening, forkPrefix, spawnableDefinition } from './fork';
import { resolveAgentModel } from '../../engines/models/models';
import { MAIN_AGENT_NAME, type Inbox } from '../../contracts/mailbox';
import { chainAbort, createSubAgentContext } from './subAgentContext';
import { MAX_TEAMMATE_TURNS, type TeammateHooks } from './teammate';
import { SUB_AGENT_EVENT, type AgentDefinition, type AgentProgressData, type AgentRunResult, type SpawnAgent, type SpawnAgentRequest, type SubAgentEventData } from '../../contracts/agents';
import { cleanUpWorktree, createAgentWorktree, type AgentWorktree } from './worktree';
import { enterWorktreeContext } from '../../engines/worktrees/worktreeSession';
import type { WorktreeInfo } from '../../contracts/worktree';

type SubAgentModelKey = 'maxTokens' | 'thinking' | 'effort' | 'fallbackModel' | 'optionsFor' | 'compaction';

/** What sub-agents need beyond their parent's context: the model client and request settings. */
export type SpawnAgentDeps = Omit<AgentLoopDeps, SubAgentModelKey> & {
  /**
   * Request settings for the sub-agent's model (its own output limit and thinking: core/engines/models/requestOptions.ts),
   * its fallback model and its compaction window (which also sets its tool-result budget).
   */
  settings: (model: string) => Pick<AgentLoopDeps, SubAgentModelKey>;
  /** Turns a teammate may take before it ends (default MAX_TEAMMATE_TURNS). */
  maxTeammateTurns?: number;
};

interface PreparedAgent {
  agentId: AgentId;
  definition: AgentDefinition;
  run: AgentLoopRun;
  abort: AbortController;
  inbox?: Inbox;
  worktree?: AgentWorktree;
}

/** A fresh id labelled with the type (`aexplore-…`), checked with `toAgentId`; unlabelled when the type cannot label one. */
function newAgentId(agentType: string): AgentId {
  const label = agentType.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return toAgentId(createAgentId(label || undefined)) ?? createAgentId();
}

export function unknownAgentTypeMessage(agentType: string, definitions: readonly AgentDefinition[]): string {
  const names = definitions.map((d) => d.agentType).join(', ');
  return `Agent type '${agentType}' not found. Available agents: ${names || '(none)'}. Pass one of them as subagent_type.`;
}

/** The sub-agent's own system block: its role, the tools it may use, where it works. */
function instructions(definition: AgentDefinition, tools: readonly string[], offered: readonly ToolDefinition[], cwd: string): TextBlock {
  const lines = [`# You are a sub-agent (${definition.agentType})`, definition.systemPrompt ?? ''];
  if (offered.some((t) => !tools.includes(t.name))) lines.push(`You may use only these tools: ${tools.join(', ') || '(none)'}. Calls to any other tool fail.`);
  lines.push(`Your working directory is ${cwd}.`);
  return { type: 'text', text: lines.filter(Boolean).join('\n\n') };
}

/** System blocks and tool definitions: the parent's bytes when the model is the same (a shared cache prefix). */
async function requestOf(parent: ToolUseContext, definition: AgentDefinition, model: string, context: ToolUseContext, cwd: string) {
  const prefix = parent.options.requestPrefix;
  const names = context.options.tools.map((t) => t.name);
  const tools =
    prefix && prefix.model === model
      ? prefix.tools
      : await toolDefinitions(context.options.tools, {
          isNonInteractiveSession: context.options.isNonInteractiveSession,
          toolPermissionContext: context.getAppState().toolPermissionContext,
          tools: context.options.tools,
        });
  return { tools, system: [...(prefix?.system ?? []), instructions(definition, names, tools, cwd)] };
}

async function prepare(request: SpawnAgentRequest, parent: ToolUseContext): Promise<PreparedAgent> {
  const definition = spawnableDefinition(parent.options.agentDefinitions, request.agentType);
  if (!definition) throw new Error(unknownAgentTypeMessage(request.agentType, parent.options.agentDefinitions));
  const agentId = newAgentId(definition.agentType);
  // First, as it may refuse (a name in use): nothing else has been set up yet.
  const inbox = parent.mailbox?.register({ agentId, ...(request.name ? { name: request.name } : {}), ...(request.teamName ? { teamName: request.teamName } : {}) });
  let worktree: AgentWorktree | undefined;
  try {
    worktree = request.isolation === 'worktree' ? await createAgentWorktree(parent, agentId) : undefined;
    const run = await prepareRun(request, parent, definition, agentId, worktree?.info);
    if (inbox) run.takeInbox = () => inbox.take();
    return { agentId, definition, run, abort: run.context.abortController, ...(inbox ? { inbox } : {}), ...(worktree ? { worktree } : {}) };
  } catch (err) {
    await abandon({ inbox, worktree });
    throw err;
  }
}

/** The isolated context and the request prefix of a sub-agent, working in `worktree` when it has one. */
async function prepareRun(request: SpawnAgentRequest, parent: ToolUseContext, definition: AgentDefinition, agentId: AgentId, worktree?: WorktreeInfo): Promise<AgentLoopRun> {
  const cwd = worktree?.path ?? parent.cwd;
  const fork = definition === FORK_DEFINITION;
  // A fork runs on its parent's model: another model could not read the parent's cache.
  const modelName = fork ? parent.options.mainLoopModel : resolveAgentModel(request.model ?? definition.model, parent.options.mainLoopModel);
  const allowed = allowedToolNames(definition, parent.options.tools.map((t) => t.name));
  const mode = permissionModeFor(definition);
  const isolated = createSubAgentContext(parent, new AbortController(), {
    agentId,
    agentType: definition.agentType,
    description: request.description,
    tools: parent.options.tools.filter((t) => allowed.has(t.name)),
    model: modelName,
    cwd,
    ...(mode ? { permissionMode: mode } : {}),
    ...(fork ? { inheritConversation: true } : {}),
    ...(request.runInBackground ? { bubble: { ...(request.name ? { name: request.name } : {}) } } : {}),
  });
  // In its worktree the workspace is the worktree too, so path permissions, Glob and Grep stay inside it.
  const context = worktree ? enterWorktreeContext(isolated, { worktree, originalCwd: parent.cwd, created: true, agentId }) : isolated;
  const { system, tools } = (fork && forkPrefix(parent.options.requestPrefix, modelName)) || (await requestOf(parent, definition, modelName, context, cwd));
  const transcript = new AgentTranscript(parent.ports.storage, agentId);
  const opening = fork ? { opening: forkOpening(parent.messages, request.prompt, worktree ? cwd : undefined) } : {};
  return { agentType: definition.agentType, description: request.description, prompt: request.prompt, modelName, system, tools, context, transcript, ...opening };
}

/** The result of a run whose cleanup threw: failed, so its task still ends. */
function crashed(err: unknown, startedAt: number): AgentRunResult {
  const usage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
  const report = `The agent failed: ${err instanceof Error ? err.message : String(err)}.`;
  return { status: 'failed', report, messages: [], usage, durationMs: Date.now() - startedAt, toolUses: 0 };
}

/** Undoes what a sub-agent that will not run had set up: its inbox, its worktree. */
async function abandon(agent: { inbox?: Inbox | undefined; worktree?: AgentWorktree | undefined }): Promise<void> {
  agent.inbox?.close();
  if (agent.worktree) await cleanUpWorktree(agent.worktree);
}

/** Runs it to the end, then cleans up: its inbox, the background tasks it left running, its worktree. */
async function execute(agent: PreparedAgent, deps: SpawnAgentDeps, canUseTool: CanUseToolFn, emit: (p: AgentProgressData) => void, mate?: TeammateHooks): Promise<AgentRunResult> {
  const { run } = agent;
  const base = { agentId: agent.agentId, agentType: run.agentType, model: run.modelName, description: run.description };
  try {
    const result = await runAgentLoop(run, { ...deps, ...deps.settings(run.modelName) }, canUseTool, (event) => emit(agentProgress(base, event)), mate);
    const kept = agent.worktree ? await cleanUpWorktree(agent.worktree) : undefined;
    const path = run.transcriptPath ? { transcriptPath: run.transcriptPath } : {};
    return { ...result, ...path, ...(kept ? { worktree: kept } : {}) };
  } finally {
    agent.inbox?.close();
    const root = run.context.setAppStateForTasks!;
    const own = Object.fromEntries(Object.entries(run.context.getAppState().tasks).filter(([, t]) => t.ownerAgentId === agent.agentId));
    await taskRegistry.killAllTasks(own, root);
  }
}

export function createSpawnAgent(deps: SpawnAgentDeps): SpawnAgent {
  return async (request, parent, canUseTool, onProgress) => {
    const agent = await prepare(request, parent);
    try {
      const path = await agent.run.transcript.start({
        agentId: agent.agentId,
        agentType: agent.run.agentType,
        description: request.description,
        model: agent.run.modelName,
        sessionId: parent.sessionId,
        cwd: agent.run.context.cwd,
      });
      agent.run.transcriptPath = path;
    } catch {
      // No transcript on disk: the agent still runs; the UI has no "open transcript" for it.
    }
    if (!request.runInBackground) return runInForeground(agent, parent, deps, canUseTool, onProgress);
    try {
      return await startInBackground(agent, request, parent, deps, canUseTool);
    } catch (err) {
      await abandon(agent);
      throw err;
    }
  };
}

function runInForeground(agent: PreparedAgent, parent: ToolUseContext, deps: SpawnAgentDeps, canUseTool: CanUseToolFn, onProgress?: (p: AgentProgressData | SubAgentEventData) => void) {
  const unchain = chainAbort(parent.abortController.signal, agent.abort);
  const info = { agentId: agent.agentId, agentType: agent.run.agentType, description: agent.run.description, model: agent.run.modelName };
  if (onProgress) agent.run.onEvent = (event) => onProgress({ type: SUB_AGENT_EVENT, agent: info, event });
  const result = execute(agent, deps, canUseTool, (p) => onProgress?.(p)).finally(unchain);
  return Promise.resolve({ agentId: agent.agentId, result });
}

async function startInBackground(
  agent: PreparedAgent,
  request: SpawnAgentRequest,
  parent: ToolUseContext,
  deps: SpawnAgentDeps,
  canUseTool: CanUseToolFn,
) {
  const type = request.taskType ?? 'local_agent';
  const taskId = generateTaskId(type);
  const storage = parent.ports.storage;
  const outputFile = await storage.writeText(`agents/${agent.agentId}.output`, '');
  const setTasks = taskSetter(parent);
  startAgentTask(setTasks, {
    id: taskId,
    type,
    description: request.description,
    outputFile,
    agentId: agent.agentId,
    agentType: agent.run.agentType,
    model: agent.run.modelName,
    abortController: agent.abort,
    ...(agent.run.transcriptPath ? { transcriptPath: agent.run.transcriptPath } : {}),
    ...(request.name ? { name: request.name } : {}),
    ...(request.teamName ? { teamName: request.teamName } : {}),
  });
  // Its progress goes to the task (the panel shows it), not to the Agent call, which has already returned.
  const emit = (p: AgentProgressData) => {
    if (p.event.kind === 'toolStart') recordAgentProgress(setTasks, taskId, { toolUses: 1 });
    if (p.event.kind === 'usage') recordAgentProgress(setTasks, taskId, { tokens: p.event.inputTokens + p.event.outputTokens });
  };
  const started = Date.now();
  const mate = type === 'in_process_teammate' ? teammateHooks(agent, request, parent, deps.maxTeammateTurns ?? MAX_TEAMMATE_TURNS, (idle) => setAgentIdle(setTasks, taskId, idle)) : undefined;
  const ran = execute(agent, deps, canUseTool, emit, mate).catch((err: unknown): AgentRunResult => crashed(err, started));
  const result = ran.then(async (r) => {
    await storage.writeText(`agents/${agent.agentId}.output`, r.report).catch(() => undefined);
    finishAgentTask(setTasks, taskId, r);
    return r;
  });
  const path = agent.run.transcriptPath ? { transcriptPath: agent.run.transcriptPath } : {};
  return { agentId: agent.agentId, taskId, outputFile, ...path, result };
}

/**
 * What keeps a teammate alive between turns (Teams): its turns' replies go as mail from its name to the agent
 * that started it (`main` for the main agent); killed, its inbox closes at once. Without an inbox there is
 * nothing to wait on: it runs one turn.
 */
function teammateHooks(agent: PreparedAgent, request: SpawnAgentRequest, parent: ToolUseContext, maxTurns: number, setIdle: (idle: boolean) => void): TeammateHooks | undefined {
  const { inbox } = agent;
  const mailbox = parent.mailbox;
  if (!inbox || !mailbox) return undefined;
  const lead = parent.subAgent && parent.agentId ? parent.agentId : MAIN_AGENT_NAME;
  const from = request.name ?? agent.agentId;
  // Killed (TeamDelete, TaskStop), it takes no more mail from then on, before its loop has wound down.
  agent.abort.signal.addEventListener('abort', () => inbox.close(), { once: true });
  return { inbox, maxTurns, setIdle, report: (text) => void mailbox.post(lead, { from, text }) };
}
