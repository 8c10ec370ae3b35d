/**
 * The session's control requests from the SDK (docs/ARCHITECTURE.md, The SDK transport): `interrupt`,
 * `set_permission_mode`, `set_model`, `set_max_thinking_tokens`, `get_context_usage`, `stop_task` and the
 * listings (`list_models`). `initialize` is served in initialize.ts, the MCP requests in mcpControl.ts.
 * A request whose fields are wrong is an error response that says which field; nothing changes then.
 */
import type { AgentSession } from '../../core/loop/session/agentSession';
import { contextParts } from '../../core/loop/commands/builtins/views';
import { modelInfo, pickerModels } from '../../core/engines/models/models';
import { withPermissionContext } from '../../core/engines/permissions/planMode';
import { isExternalPermissionMode, type ExternalPermissionMode } from '../../core/contracts/permissions';
import type { PermissionHolder } from '../../core/contracts/settings';
import { taskRegistry } from '../../core/engines/tasks/registry';
import type { ThinkingSetting } from '../../core/engines/models/requestOptions';
import type { ControlBody, ControlChannel } from './channel';

/** What the control requests may change in the run (cli/main.ts owns the values). */
export interface RunControls {
  session: () => AgentSession;
  permissions: PermissionHolder;
  /** The model of the next request; undefined goes back to the run's own (`--model`, the default). */
  setModel(model: string | undefined): void;
  model(): string;
  /** Thinking from the next request on; undefined goes back to the run's own setting. */
  setThinking(thinking: ThinkingSetting | undefined): void;
  /** The user messages waiting for their turn (their uuids), for `interrupt`'s answer. */
  queued(): string[];
}

function field<T>(request: ControlBody, name: string, check: (v: unknown) => v is T, expected: string): T {
  const value = request[name];
  if (!check(value)) throw new Error(`${name} must be ${expected}, got ${JSON.stringify(value ?? null)}`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** `ModelInfo` rows (sdk.d.ts) of the models `/model` lists, the run's own first. */
export function modelRows(current: string): ControlBody[] {
  const ids = [current, ...pickerModels().filter((id) => id !== current)];
  return ids.map((id) => {
    const info = modelInfo(id);
    return {
      value: id,
      resolvedModel: id,
      displayName: info.known ? info.label : id,
      description: `${info.known ? info.label : id}: ${info.contextWindow.toLocaleString('en-US')}-token context, up to ${info.maxOutputTokens.toLocaleString('en-US')} output tokens`,
      supportsEffort: info.effort,
      ...(info.effort ? { supportedEffortLevels: ['low', 'medium', 'high'] } : {}),
      supportsAdaptiveThinking: info.thinking === 'adaptive',
    };
  });
}

const CATEGORY_IDS: Record<string, string> = {
  'System prompt': 'system_prompt',
  'Tool definitions': 'system_tools',
  'Memory files': 'memory_files',
  Skills: 'skills',
  Messages: 'messages',
};

/** `get_context_usage`'s answer from the same estimate /context shows. */
async function contextUsage(session: AgentSession): Promise<ControlBody> {
  const snapshot = await session.contextSnapshot();
  const parts = contextParts(snapshot);
  const used = parts.reduce((sum, p) => sum + p.tokens, 0);
  const free = Math.max(0, snapshot.contextWindow - used);
  return {
    categories: [
      ...parts.map((p) => ({ id: CATEGORY_IDS[p.label], name: p.label, tokens: p.tokens, color: 'default', kind: 'used' })),
      { id: 'free_space', name: 'Free space', tokens: free, color: 'default', kind: 'free' },
    ],
    totalTokens: used,
    maxTokens: snapshot.contextWindow,
    rawMaxTokens: snapshot.contextWindow,
    percentage: Math.round((1000 * used) / snapshot.contextWindow) / 10,
    gridRows: [],
    model: snapshot.model,
    memoryFiles: [],
    mcpTools: [],
    agents: [],
    isAutoCompactEnabled: true,
  };
}

/** `set_max_thinking_tokens`: null resets, 0 turns thinking off, a number is a budget (at least 1024). */
function thinkingOf(value: unknown): ThinkingSetting | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`max_thinking_tokens must be null or a whole number, got ${JSON.stringify(value)}`);
  if (value === 0) return 'off';
  return Math.max(1024, value);
}

export function registerSessionHandlers(channel: ControlChannel, run: RunControls): void {
  channel.handle('interrupt', () => {
    run.session().stop();
    return { still_queued: run.queued() };
  });
  channel.handle('set_permission_mode', (request) => {
    const mode = field(request, 'mode', (v): v is ExternalPermissionMode => typeof v === 'string' && isExternalPermissionMode(v), 'one of default, acceptEdits, plan, bypassPermissions, dontAsk, auto');
    run.permissions.update((ctx) => ({ ...ctx, mode }));
    // A running turn decides its next call under the new mode too.
    run.session().appState.setState(withPermissionContext((ctx) => ({ ...ctx, mode })));
    return { mode };
  });
  channel.handle('set_model', (request) => {
    const model = request.model;
    if (model !== undefined && model !== null && typeof model !== 'string') throw new Error(`model must be a model id, got ${JSON.stringify(model)}`);
    run.setModel(model === null || model === undefined || model === 'default' || model === '' ? undefined : model);
    return { model: run.model() };
  });
  channel.handle('set_max_thinking_tokens', (request) => {
    run.setThinking(thinkingOf(request.max_thinking_tokens));
    return {};
  });
  channel.handle('get_context_usage', () => contextUsage(run.session()));
  channel.handle('list_models', () => ({ models: modelRows(run.model()) }));
  channel.handle('stop_task', async (request) => {
    const taskId = field(request, 'task_id', isString, 'a task id');
    const store = run.session().appState;
    const result = await taskRegistry.killTask(taskId, { getAppState: () => store.getState(), setAppState: (f) => store.setState(f) });
    if (result.kind !== 'killed') throw new Error(`task ${taskId} could not be stopped (${result.kind})`);
    return {};
  });
}
