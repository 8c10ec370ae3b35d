/** What `query()` yields. The UI layer maps these to protocol events; the CLI prints them. */
import type { MailMessage } from './mailbox';
import type { AssistantContentBlock, AssistantMessage, Message, UserMessage } from '../base/messages';
import type { ModelErrorKind, ModelStreamEvent, ModelUsage, StopReason } from './modelClient';
import type { ToolUseContext } from './toolUseContext';
import type { ToolProgress, ToolResult } from './tool';
import type { ToolResultBlock } from '../base/messages';

/** `max_budget`: the session's cost reached `QueryParams.budget` before the next request (the CLI's --max-budget-usd). */
export type QueryEndReason = 'end_turn' | 'stop_sequence' | 'refusal' | 'max_turns' | 'max_budget' | 'aborted' | 'error';

/** What the API said about the response an assistant message came from (the SDK's `message` fields), and how long the request took. */
export interface AssistantApiInfo {
  /** The API's message id (`msg_…`). */
  id: string;
  model: string;
  usage: ModelUsage;
  stopReason: StopReason | null;
  stopSequence: string | null;
  /** From sending the request to the end of its stream (the successful attempt only). */
  durationMs: number;
}

/** A sub-agent, as the events it forwards name it. */
export interface SubAgentInfo {
  agentId: string;
  agentType: string;
  description: string;
  model: string;
}

export type QueryEvent =
  | { type: 'requestStart'; request: number; attempt: number }
  | { type: 'textDelta'; text: string }
  | { type: 'thinkingDelta'; thinking: string }
  | { type: 'assistantBlock'; block: AssistantContentBlock }
  /** The output streamed by a failed attempt is void: the UI removes it before the retry streams again. */
  | { type: 'attemptDiscarded'; reason: string }
  /** A transient status line ("Retrying in 4 s …"); null clears it. `phase` says what it is about, when that is compaction. */
  | { type: 'status'; text: string | null; phase?: 'compacting' }
  /** A request failed with a retryable error and is tried again after `delayMs` (the status lines count it down). */
  | { type: 'apiRetry'; attempt: number; maxRetries: number; delayMs: number; errorKind: ModelErrorKind; errorStatus: number | null; message: string }
  /** Every event of the model's stream, as the client reported it: only when `QueryParams.streamEvents` asks (the CLI's --include-partial-messages). */
  | { type: 'streamEvent'; event: ModelStreamEvent }
  /** Appended to the conversation (and the transcript) before it is yielded. `api`: the response it came from (absent for what an abort kept). */
  | { type: 'assistantMessage'; message: AssistantMessage; stopReason: StopReason | null; api?: AssistantApiInfo }
  | { type: 'tool'; event: ToolExecutionEvent }
  | { type: 'toolResults'; message: UserMessage }
  /** A message the loop added itself (max_tokens continuation prompt, tools' newMessages). */
  | { type: 'userMessage'; message: UserMessage; meta: true }
  /** Mid-turn messages sent with the round's results (already part of that `toolResults` message). */
  | { type: 'mail'; messages: readonly MailMessage[] }
  | { type: 'usage'; model: string; usage: ModelUsage }
  /** `preTokens` / `postTokens`: the conversation's estimated size before and after. */
  | { type: 'compacted'; messages: Message[]; summary: string; summarizedCount: number; trigger: 'auto' | 'promptTooLong'; preTokens?: number; postTokens?: number }
  /**
   * What a foreground sub-agent did, forwarded by the Agent call `parentToolUseId` (its messages, tool ends and
   * usage, core/loop/subagents/agentLoop.ts), for hosts that stream them (the CLI's stream-json). The chat ignores it.
   */
  | { type: 'subAgent'; parentToolUseId: string; agent: SubAgentInfo; event: QueryEvent }
  | { type: 'error'; kind: ModelErrorKind | 'internal'; message: string }
  /** What a hook told the user (`systemMessage`, a hook that failed or timed out); the turn goes on. `toolUseId`: the call a tool hook ran for. */
  | { type: 'hookMessage'; hookEvent: string; text: string; toolUseId?: string }
  /** A note for the user about how the turn runs (a switch to the fallback model); never sent to the model. */
  | { type: 'notice'; text: string }
  | { type: 'done'; reason: QueryEndReason; turns: number };

/** What the executor reports while it works; the UI layer forwards these to the webview. */
export type ToolExecutionEvent =
  | { type: 'toolStarted'; toolUseId: string; toolName: string; activity: string | null; summary: string | null }
  | { type: 'toolProgress'; toolUseId: string; toolName: string; progress: ToolProgress['data'] }
  /**
   * `output` is the tool's own result data (success only), for renderers that show more than the text. `stage`:
   * where a call that never ran stopped (`permission`: denied; the CLI's result lists those). `mcpMeta`: what
   * the tool passed through of an MCP result (`structuredContent`, `_meta`; stream-json's `tool_use_result`).
   */
  | { type: 'toolFinished'; toolUseId: string; toolName: string; isError: boolean; result: ToolResultBlock; output?: unknown; stage?: ToolExecutionOutcome['stage']; mcpMeta?: ToolResult<unknown>['mcpMeta'] };

export interface ToolExecutionOutcome {
  result: ToolResultBlock;
  newMessages: Message[];
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /** How far it got: the UI and tests tell a validation failure from a denial from a crash. */
  stage: 'unknown_tool' | 'invalid_input' | 'validation' | 'permission' | 'interrupted' | 'error' | 'success';
}
