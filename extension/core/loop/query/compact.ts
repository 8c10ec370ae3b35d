/**
 * Compaction: replace the older part of a conversation with a model-written summary so the session fits the
 * context window again. Used automatically before a request would overflow, on `/compact`, and after a
 * "prompt is too long" error (compact, then retry once), so a long session never dead-ends.
 */
import type { AssistantContentBlock, Message, ToolResultContent, UserContentBlock } from '../../base/messages';
import { type ModelClient, ModelError, type ModelUsage } from '../../contracts/modelClient';
import { compactedMessages } from '../../engines/transcripts/compacted';

/** Compact once the next request would use more than this fraction of the context window. */
export const AUTO_COMPACT_THRESHOLD = 0.8;
/** Recent user turns kept verbatim, so the model keeps its immediate context (open tool exchanges, last asks). */
export const DEFAULT_KEEP_RECENT_TURNS = 2;
const DEFAULT_SUMMARY_MAX_TOKENS = 8_192;
/** Per tool result and tool input in the summary request: enough for the gist, not a whole file. */
const MAX_RENDERED_CHARS = 2_000;
const OMITTED_MARKER = '[earlier messages omitted]';
const ZERO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

const SUMMARY_SYSTEM_PROMPT = `You summarize a coding session between a user and an AI coding agent. The summary replaces the earlier messages, so the agent must be able to continue the work from it alone.

Write in your own words. Do not call tools, do not answer the user, do not continue the work. Be specific: keep file paths, function and symbol names, commands, error messages and numbers exactly where they matter.

Use these sections:
1. Goals: what the user asked for, in order, and what "done" means for each.
2. Decisions: choices made and why, and constraints or preferences the user stated.
3. Files: every file read, created or changed, and its current state.
4. Errors and fixes: problems met and how they were fixed, or that they are still open.
5. Pending work: what remains, including anything started but not finished.
6. Latest intent: the user's most recent request (quote it when short) and the next step.

Reply with the summary only.`;

export interface AutoCompactCheck {
  /** Estimated (tokens.ts) or measured size of the request about to be sent. */
  nextRequestTokens: number;
  contextWindow: number;
  /** Fraction of the window; defaults to AUTO_COMPACT_THRESHOLD. */
  threshold?: number;
}

/** True when the next request would exceed the threshold fraction of the context window. */
export function shouldAutoCompact({ nextRequestTokens, contextWindow, threshold = AUTO_COMPACT_THRESHOLD }: AutoCompactCheck): boolean {
  if (contextWindow <= 0) return false;
  return nextRequestTokens > contextWindow * threshold;
}

/** The API's "prompt is too long" 400, whether the adapter classified it or left it as a plain invalid request. */
export function isPromptTooLongError(err: unknown): boolean {
  if (!(err instanceof ModelError)) return false;
  if (err.kind === 'promptTooLong') return true;
  return err.kind === 'invalidRequest' && /prompt is too long|too many tokens|context length/i.test(err.message);
}

export interface CompactOptions {
  messages: readonly Message[];
  model: ModelClient;
  modelName: string;
  /** Output budget of the summary request. */
  maxTokens?: number;
  signal: AbortSignal;
  /** From `/compact <instructions>`: what the user wants the summary to focus on. */
  customInstructions?: string;
  keepRecentTurns?: number;
}

export interface CompactResult {
  /** The new conversation: the summary, then the preserved recent messages. */
  messages: Message[];
  summary: string;
  /** Original messages the summary replaces (including any left out of the summary input on the retry). */
  summarizedCount: number;
  /** Original messages kept verbatim at the end. */
  preservedCount: number;
  /** Oldest messages left out of the summary input because the first summary request was too long. */
  omittedCount: number;
  /** Usage of the summary request. */
  usage: ModelUsage;
}

/** Summarizes all but the last `keepRecentTurns` user turns through the model; see CompactResult. */
export async function compactConversation(opts: CompactOptions): Promise<CompactResult> {
  const keep = Math.max(0, Math.floor(opts.keepRecentTurns ?? DEFAULT_KEEP_RECENT_TURNS));
  const boundary = findBoundary(opts.messages, keep);
  if (boundary === 0) {
    return { messages: [...opts.messages], summary: '', summarizedCount: 0, preservedCount: opts.messages.length, omittedCount: 0, usage: ZERO_USAGE };
  }
  const older = opts.messages.slice(0, boundary);
  const tail = opts.messages.slice(boundary);
  let omittedCount = 0;
  let outcome: { summary: string; usage: ModelUsage };
  try {
    outcome = await summarize(opts, older, 0);
  } catch (err) {
    if (!isPromptTooLongError(err)) throw err;
    // One retry with the oldest half dropped: the recent part carries the latest intent, which matters most.
    omittedCount = Math.ceil(older.length / 2);
    outcome = await summarize(opts, older.slice(omittedCount), omittedCount);
  }
  return {
    messages: compactedMessages(outcome.summary, tail),
    summary: outcome.summary,
    summarizedCount: older.length,
    preservedCount: tail.length,
    omittedCount,
    usage: outcome.usage,
  };
}

/** A turn starts at a user message that carries something besides tool results (the user spoke). */
function isTurnStart(m: Message): boolean {
  return m.role === 'user' && (typeof m.content === 'string' || m.content.some((b) => b.type !== 'tool_result'));
}

/** Cutting before a message with tool results would orphan them from their tool_use, which is summarized away. */
function hasToolResults(m: Message): boolean {
  return m.role === 'user' && typeof m.content !== 'string' && m.content.some((b) => b.type === 'tool_result');
}

/** Index of the first preserved message, or 0 when nothing can be summarized. */
function findBoundary(messages: readonly Message[], keep: number): number {
  const starts = messages.flatMap((m, i) => (isTurnStart(m) ? [i] : []));
  if (starts.length < keep + 1) return 0;
  if (keep === 0) return messages.length;
  // Move earlier past turns that begin inside a tool exchange (tool results plus the user's interjection).
  for (let k = starts.length - keep; k >= 1; k--) {
    const index = starts[k];
    const message = index === undefined ? undefined : messages[index];
    if (index !== undefined && message && !hasToolResults(message)) return index;
  }
  return 0;
}

async function summarize(opts: CompactOptions, older: readonly Message[], omitted: number): Promise<{ summary: string; usage: ModelUsage }> {
  if (opts.signal.aborted) throw new ModelError('aborted', 'Compaction was stopped.');
  const instructions = opts.customInstructions?.trim();
  const text = [
    'Here is the conversation so far, rendered as text:',
    `<conversation>\n${renderConversation(older, omitted)}\n</conversation>`,
    'Write the summary now, with the sections from your instructions.',
    ...(instructions ? [`Additional instructions from the user for this summary:\n${instructions}`] : []),
  ].join('\n\n');
  // No tools and a single user message: valid even when the summarized part ends mid tool exchange.
  const stream = opts.model.stream({
    model: opts.modelName,
    maxTokens: opts.maxTokens ?? DEFAULT_SUMMARY_MAX_TOKENS,
    system: [{ type: 'text', text: SUMMARY_SYSTEM_PROMPT }],
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    signal: opts.signal,
  });
  for await (const event of stream) {
    if (event.type !== 'messageComplete') continue;
    const summary = unwrap(event.message.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
    if (!summary) {
      throw new Error(`The model returned an empty summary (stop reason ${event.stopReason ?? 'none'}); the conversation was left unchanged.`);
    }
    return { summary, usage: event.usage };
  }
  throw new Error('The summary stream ended without a complete message; the conversation was left unchanged.');
}

/** Models sometimes wrap the answer in <summary> tags; the summary message adds its own. */
function unwrap(text: string): string {
  const match = /<summary>([\s\S]*)<\/summary>/.exec(text);
  return (match?.[1] ?? text).trim();
}

function truncate(text: string): string {
  if (text.length <= MAX_RENDERED_CHARS) return text;
  return `${text.slice(0, MAX_RENDERED_CHARS)}… [${text.length - MAX_RENDERED_CHARS} more characters]`;
}

function renderConversation(messages: readonly Message[], omitted: number): string {
  const parts = omitted > 0 ? [OMITTED_MARKER] : [];
  for (const m of messages) {
    const body = typeof m.content === 'string' ? m.content : m.content.map(renderBlock).filter(Boolean).join('\n');
    if (body) parts.push(`${m.role === 'user' ? 'User' : 'Assistant'}:\n${body}`);
  }
  return parts.join('\n\n');
}

function renderBlock(block: UserContentBlock | AssistantContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return '[image]';
    case 'document':
      return block.title ? `[document ${block.title}]` : '[document]';
    case 'tool_use':
      return `[tool_use ${block.name} ${truncate(JSON.stringify(block.input ?? {}))}]`;
    case 'tool_result':
      return `[tool_result${block.is_error ? ' error' : ''}] ${truncate(renderResultContent(block.content))}`;
    case 'thinking':
    case 'redacted_thinking':
      // Private reasoning (and opaque data): the summary is built from what was said and done.
      return '';
  }
}

function renderResultContent(content: ToolResultContent): string {
  if (typeof content === 'string') return content;
  return content
    .map((b) => (b.type === 'text' ? b.text : b.type === 'tool_reference' ? `[tool_reference ${b.tool_name}]` : `[${b.type}]`))
    .join('\n');
}

