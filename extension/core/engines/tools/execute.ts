/**
 * Executes one tool_use block: lookup → schema parse → validateInput → permission → call → map → budget.
 * Never throws for tool failures: every outcome is a tool_result the model can act on, so the transcript
 * stays valid for the API. Only the caller's abort ends the turn (and even then the result says so).
 */
import { postToolUseNote } from '../hooks/toolHooks';
import type { AssistantMessage, ToolResultBlock, ToolUseBlock } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { errorMessage, INTERRUPTED_MESSAGE, isAbortError, NEW_MESSAGE_INTERRUPT_MESSAGE, toolUseError } from '../../contracts/toolErrors';
import { formatInputError } from '../../contracts/inputErrors';
import { persistLargeResult } from '../results/resultStorage';
import { withWorkingDirectory } from '../../contracts/workingDirectory';
import { findToolByName, type AnyTool, type CanUseToolFn } from '../../contracts/tool';
import type { ToolExecutionEvent, ToolExecutionOutcome } from '../../contracts/events';


export interface ExecuteOptions {
  block: ToolUseBlock;
  assistantMessage: AssistantMessage;
  context: ToolUseContext;
  canUseTool: CanUseToolFn;
  /** Aborts this call only (interrupts); the context's abortController aborts everything. */
  signal?: AbortSignal;
  emit?: (event: ToolExecutionEvent) => void;
}

export async function executeToolUse(opts: ExecuteOptions): Promise<ToolExecutionOutcome> {
  const { block } = opts;
  // Where a Bash `cd` moved the session, relative paths resolve there (core/contracts/workingDirectory.ts).
  const context = await withWorkingDirectory(opts.context);
  const emit = opts.emit ?? (() => {});
  const tool = findToolByName(context.options.tools, block.name);
  const fail = (stage: ToolExecutionOutcome['stage'], message: string): ToolExecutionOutcome => {
    const result = errorResult(block.id, stage === 'interrupted' ? message : toolUseError(message));
    emit({ type: 'toolFinished', toolUseId: block.id, toolName: block.name, isError: true, result, stage });
    return { result, newMessages: [], stage };
  };

  if (!tool || !tool.isEnabled()) return fail('unknown_tool', `Error: No such tool available: ${block.name}`);
  if (isUnloadedDeferred(tool, context)) {
    return fail('unknown_tool', `Error: ${tool.name} is not loaded yet. Call ToolSearch with "select:${tool.name}" first.`);
  }

  const parsed = tool.inputSchema.safeParse(block.input);
  if (!parsed.success) return fail('invalid_input', formatInputError(tool.name, parsed.error, block.input));
  let input = parsed.data as Record<string, unknown>;
  emit(toolStartedEvent(tool, block.id, input, context.cwd));

  // With an interrupt signal the call gets a controller of its own; the listeners tying it to the session's
  // and the interrupt's long-lived signals are removed in `finally`, so they never outlive the call.
  const link = opts.signal ? linkedController([context.abortController.signal, opts.signal]) : undefined;
  const signal = link?.controller.signal ?? context.abortController.signal;
  try {
    const validation = (await tool.validateInput?.(input, context)) ?? { result: true };
    if (!validation.result) return fail('validation', validation.message);

    const decision = await opts.canUseTool(tool, input, context, opts.assistantMessage, block.id);
    if (!context.toolDecisions.has(block.id)) {
      // A custom canUseTool did not record its answer; keep the audit trail complete anyway.
      context.toolDecisions.set(block.id, {
        toolName: tool.name,
        decision: decision.behavior,
        source: 'config',
        ...(decision.behavior === 'deny' ? { reason: decision.message } : {}),
        timestamp: Date.now(),
      });
    }
    if (decision.behavior !== 'allow') return fail('permission', decision.message);
    if (decision.updatedInput) input = decision.updatedInput;
    if (signal.aborted) return fail('interrupted', interruptedMessage(opts.signal, context.abortController.signal));

    const callContext = link ? { ...context, abortController: link.controller } : context;
    const output = await tool.call(input, callContext, opts.canUseTool, opts.assistantMessage, (p) =>
      emit({ type: 'toolProgress', toolUseId: block.id, toolName: tool.name, progress: p.data }),
    );
    if (signal.aborted) return fail('interrupted', interruptedMessage(opts.signal, context.abortController.signal));

    const own = withNote(tool.mapToolResultToToolResultBlockParam(output.data, block.id), decisionNote(decision));
    // PostToolUse hooks may add feedback for the model (core/engines/hooks/toolHooks.ts); the tool has already run.
    const mapped = withNote(own, await postToolUseNote(tool, input, output.data, callContext, block.id));
    const result = await persistLargeResult(mapped, {
      maxResultSizeChars: tool.maxResultSizeChars,
      storage: context.ports.storage,
      toolName: tool.name,
    });
    // An MCP server's structured content and _meta travel beside the output, for SDK consumers (ToolResult.mcpMeta).
    emit({ type: 'toolFinished', toolUseId: block.id, toolName: tool.name, isError: result.is_error === true, result, output: output.data, ...(output.mcpMeta ? { mcpMeta: output.mcpMeta } : {}) });
    return {
      result,
      newMessages: output.newMessages ?? [],
      ...(output.contextModifier ? { contextModifier: output.contextModifier } : {}),
      stage: 'success',
    };
  } catch (err) {
    if (signal.aborted || isAbortError(err)) return fail('interrupted', interruptedMessage(opts.signal, context.abortController.signal));
    return fail('error', `Error: ${errorMessage(err)}`);
  } finally {
    link?.unlink();
  }
}

/**
 * What the permission decision adds for the model: how the user changed the proposal (diff review), and the
 * note the user typed while approving (`acceptFeedback`).
 */
function decisionNote(decision: { resultNote?: string; acceptFeedback?: string }): string | undefined {
  const feedback = decision.acceptFeedback?.trim();
  const notes = [decision.resultNote, feedback ? `The user approved this call and added a note: ${feedback}` : undefined].filter((n): n is string => !!n);
  return notes.length > 0 ? notes.join('\n\n') : undefined;
}

/** The permission decision's note goes after the tool's own text. */
function withNote(result: ToolResultBlock, note: string | undefined): ToolResultBlock {
  if (!note) return result;
  if (typeof result.content === 'string') return { ...result, content: `${result.content}\n\n${note}` };
  return { ...result, content: [...result.content, { type: 'text', text: note }] };
}

export function errorResult(toolUseId: string, content: string): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: true };
}

function isUnloadedDeferred(tool: AnyTool, context: ToolUseContext): boolean {
  return tool.shouldDefer === true && tool.alwaysLoad !== true && !context.discoveredToolNames.has(tool.name);
}

/**
 * The `toolStarted` event of a call whose input parsed. A resumed chat builds its rows with the same
 * (extension/conversation/transcriptEvents.ts), so they read as they did while the session ran.
 */
export function toolStartedEvent(tool: AnyTool, toolUseId: string, input: Record<string, unknown>, cwd: string): Extract<ToolExecutionEvent, { type: 'toolStarted' }> {
  return {
    type: 'toolStarted',
    toolUseId,
    toolName: tool.name,
    activity: safely(() => tool.getActivityDescription?.(input, { cwd }) ?? null),
    summary: safely(() => tool.getToolUseSummary?.(input, { cwd }) ?? null),
  };
}

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/**
 * A controller that aborts when any of `sources` does, until `unlink`. Plain listeners, not AbortSignal.any:
 * on Node 20 every composite stays in its sources' dependant sets, and one holding an abort listener (the tool's
 * is enough) is kept alive until a source aborts, so a session's signal would keep one per call for good.
 * Unlinking removes our listeners, so the sources' listener counts return to where they were.
 */
function linkedController(sources: readonly AbortSignal[]): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  const onAbort = (event: Event) => {
    unlink();
    controller.abort((event.target as AbortSignal).reason);
  };
  const unlink = () => {
    for (const source of sources) source.removeEventListener('abort', onAbort);
  };
  const aborted = sources.find((source) => source.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return { controller, unlink: () => {} };
  }
  for (const source of sources) source.addEventListener('abort', onAbort, { once: true });
  return { controller, unlink };
}

/** Stop aborts everything; an interrupt alone means the user typed a new message. */
function interruptedMessage(interrupt: AbortSignal | undefined, stop: AbortSignal): string {
  return interrupt?.aborted && !stop.aborted ? NEW_MESSAGE_INTERRUPT_MESSAGE : INTERRUPTED_MESSAGE;
}
