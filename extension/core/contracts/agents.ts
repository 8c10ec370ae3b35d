/**
 * Sub-agents (docs/ARCHITECTURE.md, Sub-agents): the types the Agent tool, teams, SendMessage and the chat
 * share. A sub-agent runs the same `query()` loop as the main agent with its own messages and an isolated
 * `ToolUseContext`; `SpawnAgent` starts one, in the foreground (the caller awaits its report) or in the
 * background (a `local_agent` or `in_process_teammate` task).
 */
import type { QueryEvent, SubAgentInfo } from './events';
import type { AgentId } from '../base/ids';
import type { Message } from '../base/messages';
import type { ToolUseContext } from './toolUseContext';
import type { CanUseToolFn } from './tool';

/** Where an agent type was defined. */
export type AgentSource = 'builtin' | 'plugin' | 'user' | 'project' | 'cli';

/** A sub-agent type the Agent tool can start (`subagent_type`). */
export interface AgentDefinition {
  /** The name the model passes as `subagent_type` (`general-purpose`, `Explore`, or a file's `name`). */
  agentType: string;
  /** When to use it: shown to the model in the Agent tool's description. */
  whenToUse: string;
  /** Tool names it may use; absent = every tool the parent has (except Agent itself for nesting limits). */
  tools?: readonly string[];
  /** `sonnet` / `opus` / `haiku`, a full model id, or `inherit` / absent for the parent's model. */
  model?: string;
  /** Its system prompt (a file's body); absent for built-ins that use the parent's prompt. */
  systemPrompt?: string;
  source: AgentSource;
  /** The file it came from, for the /agents list and error messages. */
  path?: string;
}

/** What to start. */
export interface SpawnAgentRequest {
  agentType: string;
  prompt: string;
  /** 3–5 words, shown in the UI. */
  description: string;
  /** A teammate's name, unique among running agents; SendMessage reaches it by this or by its id. */
  name?: string;
  teamName?: string;
  /** Model override (`sonnet`, `opus`, `haiku` or an id); else the definition's, else the parent's. */
  model?: string;
  /** Start as a task and return at once; the report arrives as a task notification. */
  runInBackground: boolean;
  /** `in_process_teammate` for team members; `local_agent` otherwise. */
  taskType?: 'local_agent' | 'in_process_teammate';
  isolation?: 'worktree';
}

/** How a sub-agent's run ended. */
export interface AgentRunResult {
  status: 'completed' | 'failed' | 'killed';
  /** Its final reply's text: the Agent tool's result. */
  report: string;
  /** Its whole conversation, kept for the UI's "open transcript". */
  messages: readonly Message[];
  usage: { inputTokens: number; outputTokens: number; cacheReadInputTokens: number; cacheCreationInputTokens: number };
  durationMs: number;
  toolUses: number;
  /** Set when it ran in a worktree that was kept because it made changes. */
  worktree?: { path: string; branch: string };
  /** Absolute path of its JSONL transcript in the session's storage folder. */
  transcriptPath?: string;
}

/** A started sub-agent. */
export interface SpawnedAgent {
  agentId: AgentId;
  /** The task id when it runs in the background. */
  taskId?: string;
  /** A background agent's output file: its report, once it ended. */
  outputFile?: string;
  /** Absolute path of its JSONL transcript, when it could be written. */
  transcriptPath?: string;
  result: Promise<AgentRunResult>;
}

/**
 * Starts a sub-agent under `parent`, asking permission through the parent's `canUseTool`. A foreground one
 * reports progress and forwards its own loop events (`SubAgentEventData`) through `onProgress`.
 */
export type SpawnAgent = (
  request: SpawnAgentRequest,
  parent: ToolUseContext,
  canUseTool: CanUseToolFn,
  onProgress?: (progress: AgentProgressData | SubAgentEventData) => void,
) => Promise<SpawnedAgent>;

export const SUB_AGENT_EVENT = 'subagent_event';

/**
 * One of a foreground sub-agent's own loop events (its messages, tool ends, usage), carried as the Agent call's
 * tool progress; the parent's loop turns it into a `subAgent` query event (core/loop/query/toolRound.ts), so it never
 * reaches the chat's tool rows or the webview.
 */
export interface SubAgentEventData {
  type: typeof SUB_AGENT_EVENT;
  agent: SubAgentInfo;
  event: QueryEvent;
}

/**
 * The Agent tool's progress payload (`ToolProgress.data`), one per thing the sub-agent does, so the chat can
 * nest its tool rows under the Agent row. Plain data: it crosses to the webview.
 */
export interface AgentProgressData {
  type: 'agent_progress';
  agentId: string;
  agentType: string;
  model: string;
  description: string;
  event: AgentProgressEvent;
}

export type AgentProgressEvent =
  | { kind: 'toolStart'; toolUseId: string; toolName: string; summary: string }
  | { kind: 'toolEnd'; toolUseId: string; isError: boolean; summary: string }
  | { kind: 'text'; text: string }
  | { kind: 'usage'; inputTokens: number; outputTokens: number; elapsedMs: number };
