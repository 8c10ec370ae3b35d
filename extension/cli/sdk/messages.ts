/**
 * `--output-format stream-json`: the loop's events as the Agent SDK types its messages (docs/ARCHITECTURE.md,
 * stream-json messages): `assistant` and `user` messages (a foreground sub-agent's too, tagged with its Agent
 * call), `stream_event` with --include-partial-messages, and the `system` lines `status`, `api_retry`,
 * `compact_boundary` and `informational` (notices and what hooks told the user). The init line, the task lines and the result are beside it.
 */
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../core/loop/session/agentSession';
import type { AssistantApiInfo, QueryEvent, SubAgentInfo } from '../../core/contracts/events';
import type { AssistantMessage, Message, ToolResultBlock, UserContentBlock, UserMessage } from '../../core/base/messages';
import type { ModelErrorKind } from '../../core/contracts/modelClient';
import { RawStreamEvents, wireUsage } from './streamEvents';

/** Whose messages these are: the main agent's (`parentToolUseId` null) or a foreground sub-agent's. */
interface Thread {
  parentToolUseId: string | null;
  agent?: SubAgentInfo;
}

const MAIN: Thread = { parentToolUseId: null };

export interface StreamJsonWriterOptions {
  sessionId: string;
  /** The model the session runs, for messages the API did not describe (what an abort kept). */
  model: string;
  line: (value: Record<string, unknown>) => void;
  /** The transcript uuid of a message the session stored, so a line and its transcript entry share it. */
  uuidOf?: (message: Message) => string | undefined;
  /** --include-partial-messages: `stream_event` lines. */
  includePartialMessages?: boolean;
}

/** The SDK's `SDKAssistantMessageError` for a model error kind. */
export function sdkErrorOf(kind: ModelErrorKind | 'internal'): string {
  const map: Partial<Record<ModelErrorKind | 'internal', string>> = {
    auth: 'authentication_failed',
    permission: 'authentication_failed',
    invalidRequest: 'invalid_request',
    promptTooLong: 'invalid_request',
    rateLimit: 'rate_limit',
    overloaded: 'overloaded',
    server: 'server_error',
  };
  return map[kind] ?? 'unknown';
}

export class StreamJsonWriter {
  /** Each finished call's structured output (or its error text), by tool_use id, for its result's `tool_use_result`. */
  private readonly outputs = new Map<string, unknown>();
  private readonly raw: RawStreamEvents;
  private compacting = false;

  constructor(private readonly options: StreamJsonWriterOptions) {
    this.raw = new RawStreamEvents(options.model);
  }

  event(e: AgentEvent, thread: Thread = MAIN): void {
    switch (e.type) {
      case 'assistantMessage':
        return this.assistant(e.message, e.api, thread);
      case 'toolResults':
        return this.toolResults(e.message, thread);
      case 'userMessage':
        return this.user(e.message, thread, { uuid: this.uuid(e.message, thread), isSynthetic: true });
      case 'tool':
        if (e.event.type === 'toolFinished') this.outputs.set(e.event.toolUseId, withMcpMeta(toolUseResult(e.event.output, e.event.result, e.event.isError), e.event.mcpMeta));
        return;
      case 'subAgent':
        return this.event(e.event, { parentToolUseId: e.parentToolUseId, agent: e.agent });
      case 'streamEvent':
        if (!this.options.includePartialMessages || thread !== MAIN) return;
        for (const event of this.raw.convert(e.event)) this.write({ type: 'stream_event', event, parent_tool_use_id: null });
        return;
      default:
        return this.system(e, thread);
    }
  }

  /** `status`, `api_retry`, `compact_boundary`, `informational`: the main agent's only. */
  private system(e: QueryEvent | AgentEvent, thread: Thread): void {
    if (thread !== MAIN) return;
    switch (e.type) {
      case 'status':
        // Compaction is the one status the SDK names; retry countdowns are `api_retry` lines instead.
        if (e.phase === 'compacting' || (e.text === null && this.compacting)) {
          this.compacting = e.phase === 'compacting';
          this.write({ type: 'system', subtype: 'status', status: this.compacting ? 'compacting' : null });
        }
        return;
      case 'apiRetry':
        return this.write({
          type: 'system',
          subtype: 'api_retry',
          attempt: e.attempt,
          max_retries: e.maxRetries,
          retry_delay_ms: e.delayMs,
          error_status: e.errorStatus,
          error: sdkErrorOf(e.errorKind),
        });
      case 'compacted':
        return this.write({
          type: 'system',
          subtype: 'compact_boundary',
          compact_metadata: { trigger: 'auto', pre_tokens: e.preTokens ?? 0, ...(e.postTokens !== undefined ? { post_tokens: e.postTokens } : {}) },
        });
      // Notes for the user are the SDK's `informational` lines: a notice (a switch to the fallback model, a
      // budget reached) at level `notice`, what a hook told the user at level `warning` with the hook's event as the tag.
      case 'notice':
        return this.write({ type: 'system', subtype: 'informational', content: e.text, level: 'notice' });
      case 'hookMessage':
        return this.write({
          type: 'system',
          subtype: 'informational',
          content: `${e.hookEvent} hook: ${e.text}`,
          level: 'warning',
          tag: `hook:${e.hookEvent}`,
          // A PreToolUse / PostToolUse hook's line names its call, as the SDK's `tool_use_id` does.
          ...(e.toolUseId ? { tool_use_id: e.toolUseId } : {}),
        });
      default:
        return;
    }
  }

  private assistant(message: AssistantMessage, api: AssistantApiInfo | undefined, thread: Thread): void {
    const wire = {
      id: api?.id || `msg_${randomUUID().replace(/-/g, '')}`,
      type: 'message',
      role: 'assistant',
      model: api?.model ?? thread.agent?.model ?? this.options.model,
      content: message.content,
      stop_reason: api?.stopReason ?? null,
      stop_sequence: api?.stopSequence ?? null,
      usage: wireUsage(api?.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 }),
      container: null,
      context_management: null,
      diagnostics: null,
      stop_details: null,
    };
    this.write({ type: 'assistant', message: wire, parent_tool_use_id: thread.parentToolUseId, uuid: this.uuid(message, thread), ...agentFields(thread), ...(api ? {} : { aborted: true }) });
  }

  /**
   * A round's results: one user message per tool_result, each with its call's structured output as
   * `tool_use_result` (the first carries the transcript's uuid); mail that went with them follows as its own message.
   */
  private toolResults(message: UserMessage, thread: Thread): void {
    const blocks: UserContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const results = blocks.filter((b): b is ToolResultBlock => b.type === 'tool_result');
    const rest = blocks.filter((b) => b.type !== 'tool_result');
    let uuid: string | undefined = this.uuid(message, thread);
    for (const block of results) {
      const output = this.outputs.get(block.tool_use_id);
      this.outputs.delete(block.tool_use_id);
      this.user({ role: 'user', content: [block] }, thread, { uuid: uuid ?? randomUUID(), ...(output !== undefined ? { tool_use_result: output } : {}) });
      uuid = undefined;
    }
    if (rest.length) this.user({ role: 'user', content: rest }, thread, { uuid: uuid ?? randomUUID() });
  }

  private user(message: UserMessage, thread: Thread, extra: Record<string, unknown> & { uuid: string }): void {
    this.write({ type: 'user', message, parent_tool_use_id: thread.parentToolUseId, ...extra, ...agentFields(thread) });
  }

  /** The transcript's uuid for the main agent's stored messages; a fresh one otherwise. */
  private uuid(message: Message, thread: Thread): string {
    return (thread === MAIN ? this.options.uuidOf?.(message) : undefined) ?? randomUUID();
  }

  private write(value: Record<string, unknown>): void {
    this.options.line({ ...value, uuid: typeof value.uuid === 'string' ? value.uuid : randomUUID(), session_id: this.options.sessionId });
  }
}

/** A sub-agent's messages name it (`agent_id`, `subagent_type`, `task_description`). */
function agentFields(thread: Thread): Record<string, string> {
  const a = thread.agent;
  return a ? { agent_id: a.agentId, subagent_type: a.agentType, task_description: a.description } : {};
}

/**
 * An MCP result's `structuredContent` and `_meta` beside the output, as Claude Code's `tool_use_result` carries
 * them (`{content, ...mcpMeta}`): an output object takes them as members, anything else becomes its `content`.
 */
function withMcpMeta(output: unknown, mcpMeta: Record<string, unknown> | undefined): unknown {
  if (!mcpMeta) return output;
  const base = output !== null && typeof output === 'object' && !Array.isArray(output) ? output : { content: output };
  return { ...base, ...mcpMeta };
}

/** The tool's own output when it has one that JSON can carry; for a failed call, its error text. */
function toolUseResult(output: unknown, result: ToolResultBlock, isError: boolean): unknown {
  if (output !== undefined) {
    try {
      return JSON.parse(JSON.stringify(output)) as unknown;
    } catch {
      // Cyclic or otherwise unprintable: fall back to the text the model saw.
    }
  }
  const text = typeof result.content === 'string' ? result.content : (result.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');
  const clean = text.replace(/<\/?tool_use_error>/g, '');
  return isError && !clean.startsWith('Error') ? `Error: ${clean}` : clean;
}
