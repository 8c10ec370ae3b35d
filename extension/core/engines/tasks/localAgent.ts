/**
 * `local_agent` and `in_process_teammate` tasks (docs/ARCHITECTURE.md, Sub-agents, Teams): a sub-agent started in
 * the background. It runs until its loop ends, then turns completed, failed or killed and waits to be announced
 * to the agent that started it. A teammate's loop does not end with its turn: between turns it waits for mail,
 * still running, with `idle` set. Killing it marks it killed first (so its end is never reported as a
 * completion), then aborts its loop, which kills the process trees of the commands it runs.
 */
import type { AgentRunResult } from '../../contracts/agents';
import { transition, transitionTask } from './lifecycle';
import { putTask, type SetAppState } from './taskStore';
import { isTerminalTaskStatus, type Task, type TaskStateBase } from '../../contracts/tasks';

export type AgentTaskType = 'local_agent' | 'in_process_teammate';

export interface LocalAgentTaskState extends TaskStateBase {
  type: AgentTaskType;
  agentId: string;
  agentType: string;
  model: string;
  /** A teammate's name (SendMessage reaches it by this). */
  name?: string;
  teamName?: string;
  /** Live while it runs (AppState.tasks may hold live handles; see appState.ts). */
  abortController?: AbortController;
  /** Filled in as it works, for the task panel. */
  progress: { toolUses: number; tokens: number };
  /** Its final report, once it ended. */
  report?: string;
  /** A teammate between turns, waiting for mail (Teams). */
  idle?: boolean;
}

export function isLocalAgentTask(task: TaskStateBase | undefined): task is LocalAgentTaskState {
  return task?.type === 'local_agent' || task?.type === 'in_process_teammate';
}

/** Records the task, running: the agent's loop starts right after. */
export function startAgentTask(setAppState: SetAppState, state: Omit<LocalAgentTaskState, 'status' | 'startTime' | 'outputOffset' | 'notified' | 'progress'>): void {
  const pending: LocalAgentTaskState = { ...state, status: 'pending', startTime: Date.now(), outputOffset: 0, notified: false, progress: { toolUses: 0, tokens: 0 } };
  putTask(setAppState, transition(pending, 'running') ?? pending);
}

/** Adds tool uses and sets the tokens so far while it runs; a task that ended is left alone. */
export function recordAgentProgress(setAppState: SetAppState, id: string, delta: { toolUses?: number; tokens?: number }): void {
  setAppState((prev) => {
    const task = prev.tasks[id];
    if (!isLocalAgentTask(task) || isTerminalTaskStatus(task.status)) return prev;
    const progress = { toolUses: task.progress.toolUses + (delta.toolUses ?? 0), tokens: delta.tokens ?? task.progress.tokens };
    return { ...prev, tasks: { ...prev.tasks, [id]: { ...task, progress } } };
  });
}

/** A teammate went idle (its turn ended, it waits for mail) or took up a new turn; a task that ended is left alone. */
export function setAgentIdle(setAppState: SetAppState, id: string, idle: boolean): void {
  setAppState((prev) => {
    const task = prev.tasks[id];
    if (!isLocalAgentTask(task) || isTerminalTaskStatus(task.status) || (task.idle ?? false) === idle) return prev;
    return { ...prev, tasks: { ...prev.tasks, [id]: { ...task, idle } } };
  });
}

/** Ends the task as its run ended, unless it already ended (a killed task stays killed, never completed). */
export function finishAgentTask(setAppState: SetAppState, id: string, result: AgentRunResult): void {
  transitionTask<LocalAgentTaskState>(setAppState, id, result.status, (task) => ({
    abortController: undefined,
    idle: undefined,
    report: result.report,
    endTime: task.endTime ?? Date.now(),
    progress: { toolUses: result.toolUses, tokens: result.usage.inputTokens + result.usage.outputTokens },
  }));
}

/** Marks the agent task killed (and notified: whoever stopped it knows), then aborts its loop. */
async function killAgentTask(taskId: string, setAppState: SetAppState): Promise<void> {
  let controller: AbortController | undefined;
  const killed = transitionTask<LocalAgentTaskState>(setAppState, taskId, 'killed', (task) => {
    controller = task.abortController;
    return { abortController: undefined, idle: undefined, endTime: Date.now(), notified: true };
  });
  if (killed) controller?.abort(new Error('The agent task was stopped.'));
}

/** Registered in the task registry (registry.ts) under its type. */
export const LocalAgentTask: Task = { name: 'LocalAgentTask', type: 'local_agent', kill: killAgentTask };
export const InProcessTeammateTask: Task = { name: 'InProcessTeammateTask', type: 'in_process_teammate', kill: killAgentTask };
