/**
 * Background tasks (after Claude Code's `Task.ts`): shells, agents and workflows that outlive the tool call
 * that started them. Their state lives in `AppState.tasks`, keyed by task id; output goes to a file so a
 * long run never sits in memory or in the transcript.
 */
import { randomInt } from 'node:crypto';
import type { AppState } from './appState';

/** The kinds of background task. */
export type TaskType =
  | 'local_bash'
  | 'local_agent'
  | 'remote_agent'
  | 'in_process_teammate'
  | 'local_workflow'
  | 'monitor_mcp'
  | 'dream';

/** One letter per type, so an id shows what it is in logs and in the model's tool calls (`b3k9x0q2a`). */
export const TASK_ID_PREFIXES: Record<TaskType, string> = {
  local_bash: 'b',
  local_agent: 'a',
  remote_agent: 'r',
  in_process_teammate: 't',
  local_workflow: 'w',
  monitor_mcp: 'm',
  dream: 'd',
};

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A fresh task id: the type's prefix and 8 random base-36 characters (about 41 bits). */
export function generateTaskId(type: TaskType): string {
  let id = TASK_ID_PREFIXES[type];
  // randomInt is unbiased, unlike `byte % 36`.
  for (let i = 0; i < 8; i++) id += BASE36[randomInt(36)];
  return id;
}

/** Lifecycle of a task; the last three are final. */
export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'killed';

/** True once a task can no longer change: it may be reported, cleaned up, and not killed again. */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'killed';
}

/** Fields every task state has; each task type extends it with its own. */
export interface TaskStateBase {
  id: string;
  type: TaskType;
  status: TaskStatus;
  description: string;
  /** The tool_use that started the task, to link its notification back to the call. */
  toolUseId?: string;
  /** Epoch milliseconds. */
  startTime: number;
  endTime?: number;
  /** Time spent paused, left out of the task's reported duration. */
  totalPausedMs?: number;
  /** Absolute path of the file the task's output is appended to. */
  outputFile: string;
  /** How much of `outputFile` has been delivered already, so each read returns only new output. */
  outputOffset: number;
  /** The model has been told the task finished; notify once. */
  notified: boolean;
  /** The sub-agent that started it (its notification goes to that agent); absent for the main agent. */
  ownerAgentId?: string;
  /** Absolute path of the task's transcript (JSONL) when it has one: background agents and teammates. */
  transcriptPath?: string;
  /** The end of its output, read when it ended, for its notification (core/engines/tasks/outputTail.ts). */
  outputTail?: TaskOutputTail;
}

/** The last lines a task wrote past the offset the model had read to, kept for the notification of its end. */
export interface TaskOutputTail {
  /** The last lines, trailing whitespace trimmed. */
  text: string;
  /** The `outputOffset` it was read from. */
  fromOffset: number;
  /** Bytes between `fromOffset` and `text` that it leaves out (0: `text` is all of it). */
  skippedBytes: number;
  /** Where the output ended when it was read: the offset the notification moves `outputOffset` to. */
  endOffset: number;
}

/** What a task implementation receives when it starts. */
export interface TaskContext {
  abortController: AbortController;
  getAppState: () => AppState;
  setAppState: (f: (prev: AppState) => AppState) => void;
}

/** A task implementation, one per type, registered so `TaskStop` and the UI can kill any task by id. */
export interface Task {
  name: string;
  type: TaskType;
  kill(taskId: string, setAppState: (f: (prev: AppState) => AppState) => void): Promise<void>;
}

export interface TaskOutputChunk {
  /** The text read; never ends inside a multi-byte character. */
  text: string;
  /** Where the next read starts: the offset plus the bytes decoded into `text`. */
  nextOffset: number;
}

export interface TaskOutputPort {
  /**
   * At most `maxBytes` bytes of `path` from byte `offset`, decoded as UTF-8. A character cut by `maxBytes`
   * or by the end of what was written so far is left for the next read; a missing file reads as empty.
   */
  read(path: string, offset: number, maxBytes: number): Promise<TaskOutputChunk>;
  /** Bytes written to `path` so far (0 for a missing file): where a tail read starts from. */
  size(path: string): Promise<number>;
}
