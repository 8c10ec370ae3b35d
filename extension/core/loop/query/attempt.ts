/**
 * One request attempt: streams through the ModelClient and turns the port's events into query events,
 * remembering what was shown so an abort can keep it and a retry can void it.
 */
import type { AssistantContentBlock, AssistantMessage, TextBlock } from '../../base/messages';
import type { ModelClient, ModelRequest, ModelUsage, StopReason } from '../../contracts/modelClient';
import type { AssistantApiInfo, QueryEvent } from '../../contracts/events';

export interface AttemptResult {
  message: AssistantMessage;
  stopReason: StopReason | null;
  usage: ModelUsage;
  /** The response's id, model, stop and usage as the API gave them, and the attempt's duration. */
  api: AssistantApiInfo;
}

export class Attempt {
  /** Completed blocks by index, and the text streamed into the block in progress. */
  private readonly blocks = new Map<number, AssistantContentBlock>();
  private readonly partialText = new Map<number, string>();
  /** True once anything reached the user: a retry must then tell the UI to drop it. */
  shownOutput = false;
  result: AttemptResult | undefined;

  constructor(
    private readonly model: ModelClient,
    private readonly request: ModelRequest,
    /** Also yield every stream event as it came (`streamEvent`). */
    private readonly streamEvents = false,
  ) {}

  async *run(): AsyncGenerator<QueryEvent> {
    const startedAt = Date.now();
    let start: { id: string; model: string } | undefined;
    for await (const e of this.model.stream(this.request)) {
      if (this.streamEvents) yield { type: 'streamEvent', event: e };
      switch (e.type) {
        case 'messageStart':
          start = { id: e.messageId, model: e.model ?? this.request.model };
          break;
        case 'textDelta':
          this.partialText.set(e.index, (this.partialText.get(e.index) ?? '') + e.text);
          this.shownOutput = true;
          yield { type: 'textDelta', text: e.text };
          break;
        case 'thinkingDelta':
          this.shownOutput = true;
          yield { type: 'thinkingDelta', thinking: e.thinking };
          break;
        case 'blockComplete':
          this.blocks.set(e.index, e.block);
          this.partialText.delete(e.index);
          yield { type: 'assistantBlock', block: e.block };
          break;
        case 'messageComplete': {
          const api = { id: start?.id ?? '', model: start?.model ?? this.request.model, usage: e.usage, stopReason: e.stopReason, stopSequence: e.stopSequence, durationMs: Date.now() - startedAt };
          this.result = { message: e.message, stopReason: e.stopReason, usage: e.usage, api };
          break;
        }
        default:
          break;
      }
    }
  }

  /**
   * What the user saw before an abort, as a message the API accepts: completed text and signed thinking,
   * plus the text of the block in progress. Tool calls are dropped: they never ran and have no results.
   */
  shownMessage(): AssistantMessage | undefined {
    const indexes = [...new Set([...this.blocks.keys(), ...this.partialText.keys()])].sort((a, b) => a - b);
    const content: AssistantContentBlock[] = [];
    for (const i of indexes) {
      const block = this.blocks.get(i);
      if (block && block.type !== 'tool_use') content.push(block);
      const partial = this.partialText.get(i);
      if (!block && partial) content.push({ type: 'text', text: partial } satisfies TextBlock);
    }
    const meaningful = content.filter((b) => b.type !== 'text' || b.text.trim() !== '');
    return meaningful.some((b) => b.type === 'text') ? { role: 'assistant', content: meaningful } : undefined;
  }
}
