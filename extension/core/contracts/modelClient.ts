import type { AssistantContentBlock, AssistantMessage, Message, TextBlock, ToolDefinition } from '../base/messages';

/**
 * The model client port: one Messages API request in core's own types, its stream of events, and its errors.
 *
 * Ports are the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

/** The stop reasons of the Messages API. */
export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal';

export type ThinkingParam = { type: 'enabled'; budget_tokens: number } | { type: 'adaptive' } | { type: 'disabled' };

/** One Messages API request in core's own types (extension/llm/ maps them to the SDK's). */
export interface ModelRequest {
  model: string;
  maxTokens: number;
  /** System prompt blocks; cache breakpoints already placed (core/loop/query/cache.ts). */
  system?: readonly TextBlock[];
  messages: readonly Message[];
  tools?: readonly ToolDefinition[];
  thinking?: ThinkingParam;
  /** `output_config.effort`; set only for models that accept it (core/engines/models/requestOptions.ts). */
  effort?: 'low' | 'medium' | 'high';
  stopSequences?: readonly string[];
  /** Forces a call of the named tool (a side request wanting a structured answer, e.g. the auto-mode classifier). */
  toolChoice?: { type: 'tool'; name: string };
  /** Aborting ends the stream; the iterator then throws a `ModelError` of kind `aborted`. */
  signal: AbortSignal;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
}

/**
 * What a streamed response yields, in order: `messageStart`, then deltas and a `blockComplete` per content
 * block, then `messageComplete` with the assembled message. A stream that breaks off throws instead of
 * completing, so a partial message is never mistaken for a whole one.
 */
export type ModelStreamEvent =
  /** `model`: the model the API says answered, when the client reports it. */
  | { type: 'messageStart'; messageId: string; usage: ModelUsage; model?: string }
  /** A content block opens (`content_block_start`): a tool_use with its id and name and empty input. Optional: clients may leave it out. */
  | { type: 'blockStart'; index: number; block: AssistantContentBlock }
  | { type: 'textDelta'; index: number; text: string }
  | { type: 'thinkingDelta'; index: number; thinking: string }
  | { type: 'toolInputDelta'; index: number; partialJson: string }
  | { type: 'blockComplete'; index: number; block: AssistantContentBlock }
  | {
      type: 'messageComplete';
      message: AssistantMessage;
      stopReason: StopReason | null;
      stopSequence: string | null;
      usage: ModelUsage;
    };

/** Streams one Messages API request. Implemented by `extension/llm/` on @anthropic-ai/sdk. */
export interface ModelClient {
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
  /**
   * The model ids the provider's models list offers, for `/model` and the header's picker; a provider without
   * a list leaves it out. May throw (no key, offline): callers then list the model table alone.
   */
  listModels?(signal?: AbortSignal): Promise<string[]>;
}

export type ModelErrorKind =
  | 'aborted'
  | 'auth'
  | 'permission'
  | 'invalidRequest'
  | 'promptTooLong'
  | 'rateLimit'
  | 'overloaded'
  | 'server'
  | 'network';

/** A failed model request, classified so the loop can retry or say what to do next. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
    /** From `retry-after` (429/529): how long the API asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /** Worth another attempt: rate limits, overload, server errors and broken connections. */
  get retryable(): boolean {
    return this.kind === 'rateLimit' || this.kind === 'overloaded' || this.kind === 'server' || this.kind === 'network';
  }
}
