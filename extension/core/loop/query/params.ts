/**
 * What one run of the query loop (query.ts) is given, and the tool-result budget it keeps (resultBudget.ts):
 * the types the loop's parts share, apart from the loop itself.
 */
import type { MailMessage } from '../../contracts/mailbox';
import type { Message, TextBlock, ToolDefinition } from '../../base/messages';
import type { ModelClient, ModelRequest, ThinkingParam } from '../../contracts/modelClient';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { CanUseToolFn } from '../../contracts/tool';
import type { RetryOptions } from './retry';
import type { ToolDefinitionsFor } from './toolRefresh';
import type { ModelOptions } from './modelOptions';

export interface QueryParams {
  /** The conversation so far, ending with the new user message. Not mutated. */
  messages: readonly Message[];
  system: readonly TextBlock[];
  tools: readonly ToolDefinition[];
  model: ModelClient;
  modelName: string;
  /** The model a request switches to after repeated overloads, for the rest of the turn (fallback.ts). */
  fallbackModel?: string;
  maxTokens: number;
  thinking?: ThinkingParam;
  /** `output_config.effort`, for models that take it. */
  effort?: ModelRequest['effort'];
  /** max_tokens, thinking and effort for another model (the model table's): used when the fallback model takes over. */
  optionsFor?: (model: string) => ModelOptions;
  toolUseContext: ToolUseContext;
  canUseTool: CanUseToolFn;
  /** Model requests that may end in tool_use before the loop stops (default 100). */
  maxTurns?: number;
  /** max_tokens continuations per turn (default 3). */
  maxContinuations?: number;
  retry?: Partial<RetryOptions>;
  /** Compaction: off when no context window is given. */
  compaction?: { contextWindow: number; threshold?: number };
  /** Persists a message before the loop shows or sends it on (the session transcript). */
  onMessage?: (message: Message) => Promise<void>;
  /**
   * The aggregate tool-result budget (core/loop/query/resultBudget.ts): by default derived from `compaction`'s window,
   * `false` turns it off. Its replacements go to `onContentReplacement` (the transcript) before they are sent.
   */
  resultBudget?: ResultBudget | false;
  onContentReplacement?: (replacements: readonly ContentReplacement[]) => Promise<void>;
  /** Persists a compaction (the transcript's boundary) before the compacted conversation is used. */
  onCompact?: (compaction: { summary: string; messages: Message[]; preservedCount: number }) => Promise<void>;
  /**
   * A new message from the user mid-turn: 'cancel' tools of the running round stop (docs/ARCHITECTURE.md,
   * Mid-turn messages). A function is asked once per round, so the caller can arm a fresh signal each time.
   */
  interruptSignal?: AbortSignal | (() => AbortSignal | undefined);
  /**
   * Messages that arrived for this agent while it worked (SendMessage, a prompt the user typed mid-turn):
   * taken at each tool boundary and sent with that round's results (docs/ARCHITECTURE.md, Mid-turn messages).
   */
  takeInbox?: () => readonly MailMessage[];
  /**
   * The wire definitions of a new tool list: with it, a list that changed during a round (an MCP server's
   * list_changed, `context.options.refreshTools`) goes out with the next request (core/loop/query/toolRefresh.ts).
   */
  toolDefinitionsFor?: ToolDefinitionsFor;
  /** Yield every event of the model's stream as a `streamEvent` too (the CLI's --include-partial-messages). */
  streamEvents?: boolean;
  /**
   * A spending cap (the CLI's --max-budget-usd): before each request, once `spentUsd()` (the session's cost so
   * far, sub-agents included) has reached `maxUsd`, the turn ends with reason `max_budget` instead.
   */
  budget?: { maxUsd: number; spentUsd: () => number };
}

export interface ResultBudget {
  /** Total characters of tool-result text that sets off a clearing. */
  limitChars: number;
  /** What a clearing brings the total down to (or as near as the results it may touch allow). */
  targetChars: number;
  /** The newest results, never cleared: the model always sees what it just asked for. */
  keepRecent: number;
}

/** One replaced result as the transcript records it: its tool_use_id and the exact text that replaced it. */
export interface ContentReplacement {
  toolUseId: string;
  content: string;
}
