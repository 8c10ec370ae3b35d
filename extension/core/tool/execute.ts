/**
 * Executes one tool_use block: lookup → schema parse → validateInput → permission → call → map → budget.
 * Never throws for tool failures: every outcome is a tool_result the model can act on, so the transcript
 * stays valid for the API. Only the caller's abort ends the turn (and even then the result says so).
 */
import type { AssistantMessage, Message, ToolResultBlock, ToolUseBlock } from '../messages';
import type { ToolUseContext } from './context';
import { errorMessage, INTERRUPTED_MESSAGE, isAbortError, toolUseError } from './errors';
import { formatInputError } from './inputErrors';
import { persistLargeResult } from './resultStorage';
import { findToolByName, type AnyTool, type CanUseToolFn, type ToolProgress } from './Tool';

/** What the executor reports while it works; the UI layer forwards these to the webview. */
export type ToolExecutionEvent =
  | { type: 'toolStarted'; toolUseId: string; toolName: string; activity: string | null; summary: string | null }
  | { type: 'toolProgress'; toolUseId: string; toolName: string; progress: ToolProgress['data'] }
  /** `output` is the tool's own result data (success only), for renderers that show more than the text. */
  | { type: 'toolFinished'; toolUseId: string; toolName: string; isError: boolean; result: ToolResultBlock; output?: unknown };

export interface ToolExecutionOutcome {
  result: ToolResultBlock;
  newMessages: Message[];
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /** How far it got: the UI and tests tell a validation failure from a denial from a crash. */
  stage: 'unknown_tool' | 'invalid_input' | 'validation' | 'permission' | 'interrupted' | 'error' | 'success';
}

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
  const { block, context } = opts;
  const emit = opts.emit ?? (() => {});
  const tool = findToolByName(context.options.tools, block.name);
  const fail = (stage: ToolExecutionOutcome['stage'], message: string): ToolExecutionOutcome => {
    const result = errorResult(block.id, stage === 'interrupted' ? message : toolUseError(message));
    emit({ type: 'toolFinished', toolUseId: block.id, toolName: block.name, isError: true, result });
    return { result, newMessages: [], stage };
  };

  if (!tool || !tool.isEnabled()) return fail('unknown_tool', `Error: No such tool available: ${block.name}`);
  if (isUnloadedDeferred(tool, context)) {
    return fail('unknown_tool', `Error: ${tool.name} is not loaded yet. Call ToolSearch with "select:${tool.name}" first.`);
  }

  const parsed = tool.inputSchema.safeParse(block.input);
  if (!parsed.success) return fail('invalid_input', formatInputError(tool.name, parsed.error, block.input));
  let input = parsed.data as Record<string, unknown>;
  emit({
    type: 'toolStarted',
    toolUseId: block.id,
    toolName: tool.name,
    activity: safely(() => tool.getActivityDescription?.(input, { cwd: context.cwd }) ?? null),
    summary: safely(() => tool.getToolUseSummary?.(input, { cwd: context.cwd }) ?? null),
  });

  const signal = anySignal(context.abortController.signal, opts.signal);
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
    if (signal.aborted) return fail('interrupted', INTERRUPTED_MESSAGE);

    const callContext = signal === context.abortController.signal ? context : withSignal(context, signal);
    const output = await tool.call(input, callContext, opts.canUseTool, opts.assistantMessage, (p) =>
      emit({ type: 'toolProgress', toolUseId: block.id, toolName: tool.name, progress: p.data }),
    );
    if (signal.aborted) return fail('interrupted', INTERRUPTED_MESSAGE);

    const mapped = withNote(tool.mapToolResultToToolResultBlockParam(output.data, block.id), decision.resultNote);
    const result = await persistLargeResult(mapped, {
      maxResultSizeChars: tool.maxResultSizeChars,
      storage: context.ports.storage,
      toolName: tool.name,
    });
    emit({ type: 'toolFinished', toolUseId: block.id, toolName: tool.name, isError: result.is_error === true, result, output: output.data });
    return {
      result,
      newMessages: output.newMessages ?? [],
      ...(output.contextModifier ? { contextModifier: output.contextModifier } : {}),
      stage: 'success',
    };
  } catch (err) {
    if (signal.aborted || isAbortError(err)) return fail('interrupted', INTERRUPTED_MESSAGE);
    return fail('error', `Error: ${errorMessage(err)}`);
  }
}

/** The permission decision's note (how the user changed the proposal) goes after the tool's own text. */
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

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** A signal that aborts when either does. */
function anySignal(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  return b ? AbortSignal.any([a, b]) : a;
}

/** The tool sees an abort controller that fires on its own interrupt too. */
function withSignal(context: ToolUseContext, signal: AbortSignal): ToolUseContext {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return { ...context, abortController: controller };
}
