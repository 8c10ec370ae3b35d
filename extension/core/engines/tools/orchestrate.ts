/**
 * Runs the tool_use blocks of one assistant message. Consecutive concurrency-safe calls run in parallel
 * (at most 10 at once); any other call runs alone, and its context modifier applies to the calls after it.
 * Results come back in one user message, in the order of the tool_use blocks, whatever order they finish in.
 */
import { mapLimited } from '../../base/async';
import type { AssistantMessage, Message, ToolResultBlock, ToolUseBlock, UserMessage } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { INTERRUPTED_MESSAGE, NEW_MESSAGE_INTERRUPT_MESSAGE } from '../../contracts/toolErrors';
import { errorResult, executeToolUse } from './execute';
import type { ToolExecutionEvent, ToolExecutionOutcome } from '../../contracts/events';
import { findToolByName, interruptBehaviorOf, type CanUseToolFn } from '../../contracts/tool';

export const MAX_TOOL_CONCURRENCY = 10;

export interface OrchestrateOptions {
  assistantMessage: AssistantMessage;
  context: ToolUseContext;
  canUseTool: CanUseToolFn;
  emit?: (event: ToolExecutionEvent) => void;
  /**
   * Fires when the user sends a new message mid-run: 'cancel' tools are aborted and answered as
   * interrupted, 'block' tools finish first, and calls not yet started are answered as interrupted.
   */
  interruptSignal?: AbortSignal;
  maxConcurrency?: number;
}

export interface OrchestrateResult {
  /** One user message carrying every tool_result, in tool_use order. */
  message: UserMessage;
  /** Messages tools asked to append after the results, in tool_use order. */
  newMessages: Message[];
  /** The context after the modifiers of unsafe tools. */
  context: ToolUseContext;
}

interface Batch {
  concurrent: boolean;
  blocks: ToolUseBlock[];
}

/** Consecutive concurrency-safe calls form one batch; every other call is a batch of its own. */
export function partitionToolCalls(blocks: readonly ToolUseBlock[], context: ToolUseContext): Batch[] {
  const batches: Batch[] = [];
  for (const block of blocks) {
    const safe = isConcurrencySafe(block, context);
    const last = batches.at(-1);
    if (safe && last?.concurrent) last.blocks.push(block);
    else batches.push({ concurrent: safe, blocks: [block] });
  }
  return batches;
}

function isConcurrencySafe(block: ToolUseBlock, context: ToolUseContext): boolean {
  const tool = findToolByName(context.options.tools, block.name);
  if (!tool) return false;
  const parsed = tool.inputSchema.safeParse(block.input);
  if (!parsed.success) return false;
  try {
    return tool.isConcurrencySafe(parsed.data) === true;
  } catch {
    return false;
  }
}

export async function runToolUses(opts: OrchestrateOptions): Promise<OrchestrateResult> {
  const blocks = opts.assistantMessage.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
  const outcomes = new Map<string, ToolExecutionOutcome>();
  let context = opts.context;

  for (const batch of partitionToolCalls(blocks, context)) {
    if (batch.concurrent) {
      const batchContext = context;
      await mapLimited(batch.blocks, opts.maxConcurrency ?? MAX_TOOL_CONCURRENCY, async (block) => {
        // A concurrency-safe tool's context modifier is ignored: parallel calls have no order to apply it in.
        outcomes.set(block.id, await runOne(block, batchContext, opts));
      });
    } else {
      const block = batch.blocks[0]!;
      const outcome = await runOne(block, context, opts);
      outcomes.set(block.id, outcome);
      if (outcome.contextModifier) context = outcome.contextModifier(context);
    }
  }

  const results: ToolResultBlock[] = blocks.map((b) => outcomes.get(b.id)!.result);
  return {
    message: { role: 'user', content: results },
    newMessages: blocks.flatMap((b) => outcomes.get(b.id)!.newMessages),
    context,
  };
}

async function runOne(block: ToolUseBlock, context: ToolUseContext, opts: OrchestrateOptions): Promise<ToolExecutionOutcome> {
  if (opts.interruptSignal?.aborted || context.abortController.signal.aborted) {
    const result = errorResult(block.id, context.abortController.signal.aborted ? INTERRUPTED_MESSAGE : NEW_MESSAGE_INTERRUPT_MESSAGE);
    opts.emit?.({ type: 'toolFinished', toolUseId: block.id, toolName: block.name, isError: true, result });
    return { result, newMessages: [], stage: 'interrupted' };
  }
  const tool = findToolByName(context.options.tools, block.name);
  const cancellable = tool !== undefined && interruptBehaviorOf(tool) === 'cancel';
  return executeToolUse({
    block,
    assistantMessage: opts.assistantMessage,
    context,
    canUseTool: opts.canUseTool,
    ...(cancellable && opts.interruptSignal ? { signal: opts.interruptSignal } : {}),
    ...(opts.emit ? { emit: opts.emit } : {}),
  });
}
