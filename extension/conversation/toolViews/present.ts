/**
 * Turns the executor's tool events into what the chat entry holds: a capped input, a progress view and a
 * render-friendly result. Sizes are capped here so one large file can never make a protocol message huge.
 * A result's structured view comes from the tool itself (`Tool.present`), as does the view of the sub-agent a
 * call runs (`Tool.subAgentView`); both are checked against the protocol here, so a tool that gets one wrong
 * loses that view, not its result.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { toolResultText } from '../../core/base/messages';
import { withoutToolUseErrorTags } from '../../core/contracts/toolErrors';
import type { AnyTool } from '../../core/contracts/tool';
import {
  MAX_PROGRESS_CHARS,
  MAX_RESULT_PREVIEW_CHARS,
  SubAgentViewSchema,
  ToolResultDataSchema,
  type SubAgentView,
  type ToolProgressView,
  type ToolResultData,
  type ToolResultView,
} from '../../protocol/entries';

/** Longest string kept in a tool's input (a Write's content, an Edit's new_string). */
const MAX_INPUT_STRING_CHARS = 10_000;

/**
 * `tool` is undefined for a tool the session does not offer: its result is shown as text. `recorded`: on resume,
 * what the live row had (extension/conversation/rowRecords.ts): the length of its text and the view `present` made then,
 * since the tool's output is not stored.
 */
export function presentToolResult(
  tool: Pick<AnyTool, 'present'> | undefined,
  input: Record<string, unknown>,
  result: ToolResultBlock,
  output: unknown,
  recorded?: { chars: number; data?: unknown },
): ToolResultView {
  const stored = result.content === undefined ? '' : toolResultText(result.content);
  const raw = recorded ? stored.slice(0, recorded.chars) : stored;
  const isError = result.is_error === true;
  // The tags mark errors for the model; the row shows the sentence inside them.
  const full = isError ? withoutToolUseErrorTags(raw) : raw;
  const truncated = full.length > MAX_RESULT_PREVIEW_CHARS;
  const text = truncated ? full.slice(0, MAX_RESULT_PREVIEW_CHARS) : full;
  let data: ToolResultData | undefined;
  try {
    const view = recorded ? recorded.data : tool?.present?.({ input, output, text: full, isError });
    data = view === undefined ? undefined : ToolResultDataSchema.parse(view);
  } catch {
    // A bug in a tool's `present`, or a view the protocol does not take, must not lose the result: the text preview still shows it.
    data = undefined;
  }
  return { isError, text, truncated, ...(data ? { data } : {}) };
}

/**
 * The sub-agent view after one progress payload of a call whose tool runs a sub-agent (`Tool.subAgentView`);
 * undefined when the tool has none, the payload is not the sub-agent's, or the view does not fit the protocol.
 */
export function presentSubAgentProgress(tool: Pick<AnyTool, 'subAgentView'> | undefined, prev: SubAgentView | undefined, progress: unknown, now: number): SubAgentView | undefined {
  return checkedSubAgentView(() => tool?.subAgentView?.apply(prev, progress, now));
}

/** The sub-agent view once its call ended (with its result view) or its turn stopped; `view` itself when the tool cannot finish it. */
export function presentSubAgentEnd(tool: Pick<AnyTool, 'subAgentView'> | undefined, view: SubAgentView, now: number, result?: ToolResultData): SubAgentView {
  return checkedSubAgentView(() => tool?.subAgentView?.finish(view, now, result)) ?? view;
}

function checkedSubAgentView(make: () => unknown): SubAgentView | undefined {
  try {
    const view = make();
    return view === undefined ? undefined : SubAgentViewSchema.parse(view);
  } catch {
    // As with `present`: a bug in the tool, or a view the protocol does not take, costs the view only.
    return undefined;
  }
}

const ProgressData = z.object({
  output: z.string().optional(),
  message: z.string().optional(),
  elapsedMs: z.number().nonnegative().optional(),
  elapsedTimeSeconds: z.number().nonnegative().optional(),
  totalLines: z.number().int().nonnegative().optional(),
});

/** Progress payloads are tool-specific; the fields the chat understands are picked out, the rest ignored. */
export function presentProgress(data: unknown): ToolProgressView | undefined {
  const p = ProgressData.safeParse(data);
  if (!p.success) return undefined;
  const { output, message, elapsedMs, elapsedTimeSeconds, totalLines } = p.data;
  const elapsed = elapsedTimeSeconds ?? (elapsedMs !== undefined ? elapsedMs / 1000 : undefined);
  const view: ToolProgressView = {
    ...(output !== undefined ? { output: tail(output, MAX_PROGRESS_CHARS) } : {}),
    ...(message !== undefined ? { message: message.slice(0, 500) } : {}),
    ...(elapsed !== undefined ? { elapsedSeconds: elapsed } : {}),
    ...(totalLines !== undefined ? { totalLines } : {}),
  };
  return Object.keys(view).length ? view : undefined;
}

/** The input with long strings cut, so a Write of a large file does not travel to the webview whole. */
export function capInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[k] = capValue(v, 0);
  return out;
}

function capValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v.length > MAX_INPUT_STRING_CHARS ? `${v.slice(0, MAX_INPUT_STRING_CHARS)}…` : v;
  if (v === null || typeof v !== 'object') return v;
  if (depth > 4) return '…';
  if (Array.isArray(v)) return v.slice(0, 200).map((x) => capValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v).slice(0, 200)) out[k] = capValue(x, depth + 1);
  return out;
}

function tail(text: string, max: number): string {
  return text.length > max ? text.slice(text.length - max) : text;
}
