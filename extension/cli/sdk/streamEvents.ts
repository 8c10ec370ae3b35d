/**
 * `--include-partial-messages`: the model's stream as the Messages API sent it (the Agent SDK's
 * `SDKPartialAssistantMessage.event`), rebuilt from the client's `ModelStreamEvent`s: message_start,
 * content_block_start / _delta / _stop, message_delta, message_stop. A block the client did not announce
 * (`blockStart`) is opened at its first delta or when it completes.
 */
import type { AssistantContentBlock } from '../../core/base/messages';
import type { ModelStreamEvent, ModelUsage } from '../../core/contracts/modelClient';

export type RawStreamEvent = Record<string, unknown> & { type: string };

/** A Messages API `usage` object with every field the SDK's `NonNullableUsage` requires. */
export function wireUsage(u: ModelUsage): Record<string, unknown> {
  return {
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cache_creation_input_tokens: u.cacheCreationInputTokens,
    cache_read_input_tokens: u.cacheReadInputTokens,
    // Codewright's breakpoints use the default 5-minute lifetime (core/loop/query/cache.ts).
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: u.cacheCreationInputTokens },
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: 'standard',
    inference_geo: '',
    iterations: [],
    speed: 'standard',
    fallback_credit: null,
  };
}

/** How a block looks when it opens: empty text, thinking and tool input. */
function openingBlock(block: AssistantContentBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

/** One instance per thread of messages: it remembers which blocks of the current message are open. */
export class RawStreamEvents {
  /** Blocks of the current message that started and have not stopped. */
  private readonly open = new Set<number>();
  private model = '';

  constructor(private readonly defaultModel: string) {}

  convert(e: ModelStreamEvent): RawStreamEvent[] {
    switch (e.type) {
      case 'messageStart':
        this.open.clear();
        this.model = e.model ?? this.defaultModel;
        return [
          {
            type: 'message_start',
            message: { id: e.messageId, type: 'message', role: 'assistant', model: this.model, content: [], stop_reason: null, stop_sequence: null, usage: wireUsage(e.usage) },
          },
        ];
      case 'blockStart':
        return this.start(e.index, openingBlock(e.block));
      case 'textDelta':
        return [...this.start(e.index, { type: 'text', text: '' }), delta(e.index, { type: 'text_delta', text: e.text })];
      case 'thinkingDelta':
        return [...this.start(e.index, { type: 'thinking', thinking: '', signature: '' }), delta(e.index, { type: 'thinking_delta', thinking: e.thinking })];
      case 'toolInputDelta':
        return [...this.start(e.index, { type: 'tool_use', id: '', name: '', input: {} }), delta(e.index, { type: 'input_json_delta', partial_json: e.partialJson })];
      case 'blockComplete': {
        const opened = this.start(e.index, openingBlock(e.block));
        const signature = e.block.type === 'thinking' && e.block.signature ? [delta(e.index, { type: 'signature_delta', signature: e.block.signature })] : [];
        this.open.delete(e.index);
        return [...opened, ...signature, { type: 'content_block_stop', index: e.index }];
      }
      case 'messageComplete':
        return [
          { type: 'message_delta', delta: { stop_reason: e.stopReason, stop_sequence: e.stopSequence }, usage: wireUsage(e.usage), context_management: null },
          { type: 'message_stop' },
        ];
    }
  }

  /** `content_block_start` the first time a block is seen; nothing after. */
  private start(index: number, block: Record<string, unknown>): RawStreamEvent[] {
    if (this.open.has(index)) return [];
    this.open.add(index);
    return [{ type: 'content_block_start', index, content_block: block }];
  }
}

function delta(index: number, d: Record<string, unknown>): RawStreamEvent {
  return { type: 'content_block_delta', index, delta: d };
}
