/**
 * A stored conversation as the loop events that made it (docs/ARCHITECTURE.md, Resuming a chat). A resumed chat
 * folds these through the code a live turn uses (`TurnView` for the main agent, the sub-agent's progress reports
 * for an Agent row), so its rows come out as they were. Nothing runs: the tools are only asked how they label a
 * call, as the executor asks them when a call starts.
 */
import type { QueryEvent } from '../core/contracts/events';
import type { AssistantMessage, Message, ToolUseBlock } from '../core/base/messages';
import { toolStartedEvent } from '../core/engines/tools/execute';
import type { ToolExecutionEvent } from '../core/contracts/events';
import { findToolByName, type Tools } from '../core/contracts/tool';

type Started = Extract<ToolExecutionEvent, { type: 'toolStarted' }>;

export interface TranscriptEventsOptions {
  tools: Tools;
  /** The working directory the labels are relative to. */
  cwd: string;
  /** How the live row started, when it left a record (rowRecords.ts): exact even after a `cd`. */
  started?: (toolUseId: string) => Omit<Started, 'type' | 'toolUseId'> | undefined;
}

export class TranscriptEvents {
  /** Each call's wire name, from its assistant message, for its result. */
  private readonly names = new Map<string, string>();

  constructor(private readonly options: TranscriptEventsOptions) {}

  /** The events one stored message stands for; a prompt or other user text stands for none. */
  of(message: Message): QueryEvent[] {
    return message.role === 'assistant' ? this.assistant(message) : this.results(message);
  }

  /** Its thinking and text as they streamed, the message itself, then each call the executor started. */
  private assistant(message: AssistantMessage): QueryEvent[] {
    const events: QueryEvent[] = [{ type: 'requestStart', request: 0, attempt: 0 }];
    for (const b of message.content) {
      if (b.type === 'thinking' && b.thinking) events.push({ type: 'thinkingDelta', thinking: b.thinking });
      else if (b.type === 'text' && b.text) events.push({ type: 'textDelta', text: b.text });
    }
    events.push({ type: 'assistantMessage', message, stopReason: null });
    for (const b of message.content) {
      if (b.type !== 'tool_use') continue;
      this.names.set(b.id, b.name);
      const started = this.start(b);
      if (started) events.push({ type: 'tool', event: started });
    }
    return events;
  }

  /** Unknown tools and input that does not parse fail before they start (core/engines/tools/execute.ts): no start. */
  private start(block: ToolUseBlock): Started | undefined {
    const recorded = this.options.started?.(block.id);
    if (recorded) return { type: 'toolStarted', toolUseId: block.id, ...recorded };
    const tool = findToolByName(this.options.tools, block.name);
    if (!tool?.isEnabled()) return undefined;
    const parsed = tool.inputSchema.safeParse(block.input);
    return parsed.success ? toolStartedEvent(tool, block.id, parsed.data as Record<string, unknown>, this.options.cwd) : undefined;
  }

  private results(message: Message): QueryEvent[] {
    if (typeof message.content === 'string') return [];
    const events: QueryEvent[] = [];
    for (const b of message.content) {
      if (b.type !== 'tool_result') continue;
      const toolName = this.names.get(b.tool_use_id) ?? 'unknown';
      events.push({ type: 'tool', event: { type: 'toolFinished', toolUseId: b.tool_use_id, toolName, isError: b.is_error === true, result: b } });
    }
    return events;
  }
}
