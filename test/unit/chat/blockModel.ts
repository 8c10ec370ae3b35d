/** A model for chat tests that streams whole content blocks: text, thinking and tool_use, or an error. */
import type { AssistantContentBlock } from '../../../extension/core/base/messages';
import type { ModelClient, ModelRequest, ModelStreamEvent, ModelUsage } from '../../../extension/core/contracts/modelClient';

export type ScriptBlock = { text: string } | { thinking: string } | { tool: { id: string; name: string; input: Record<string, unknown> } };

const usage: ModelUsage = { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

export class BlockModel implements ModelClient {
  readonly requests: ModelRequest[] = [];

  constructor(private readonly replies: (ScriptBlock[] | Error)[]) {}

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests.push(request);
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('BlockModel: no reply scripted');
    if (reply instanceof Error) throw reply;
    yield { type: 'messageStart', messageId: 'msg', usage };
    const content: AssistantContentBlock[] = [];
    for (const [index, b] of reply.entries()) {
      let block: AssistantContentBlock;
      if ('text' in b) {
        yield { type: 'textDelta', index, text: b.text };
        block = { type: 'text', text: b.text };
      } else if ('thinking' in b) {
        yield { type: 'thinkingDelta', index, thinking: b.thinking };
        block = { type: 'thinking', thinking: b.thinking, signature: 'sig' };
      } else {
        block = { type: 'tool_use', id: b.tool.id, name: b.tool.name, input: b.tool.input };
      }
      content.push(block);
      yield { type: 'blockComplete', index, block };
    }
    const stopReason = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    yield { type: 'messageComplete', message: { role: 'assistant', content }, stopReason, stopSequence: null, usage };
  }
}
