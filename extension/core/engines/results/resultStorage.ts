/**
 * The tool-result budget (docs/ARCHITECTURE.md, The tool pipeline): one result over its tool's `maxResultSizeChars` is saved to
 * the session storage and replaced by a preview plus the path; across the conversation, once the results grow past
 * an aggregate limit, the oldest large ones are replaced by a short reference to their saved copy.
 */
import type { ContentReplacementState } from '../../contracts/toolUseContext';
import { type Message, type TextBlock, type ToolResultBlock, type ToolResultContent, toolResultText, type UserContentBlock } from '../../base/messages';
import type { SessionStorage } from '../../contracts/storage';

/** Characters of a persisted result the model still sees. */
export const PREVIEW_CHARS = 2000;
/** Results shorter than this are never replaced by the aggregate budget: a reference would save next to nothing. */
export const MIN_REPLACEABLE_CHARS = 1000;
/** Results kept in full by default at the end of the conversation, so the model always sees what it just asked for. */
export const DEFAULT_KEEP_RECENT = 1;

const OPEN = '<persisted-output>';
const CLOSE = '</persisted-output>';
// Both texts below start with OPEN and carry this line, which is how an already-persisted result is recognised.
const SAVED_LINE = /^.*\((\d[\d,]*) characters\)\. Full output saved to: (.+)$/m;

const count = (n: number): string => n.toLocaleString('en-US');

/** Where a result's full text is stored; ids are API-shaped, anything else is made safe for a file name. */
export function resultPath(toolUseId: string): string {
  return `tool-results/${toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`;
}

/**
 * The first `limit` characters of `text`, cut at the last line break when one falls in the second half (so the
 * preview ends on a whole line), and never between the two halves of a surrogate pair.
 */
export function previewOf(text: string, limit = PREVIEW_CHARS): string {
  if (text.length <= limit) return text;
  let cut = text.slice(0, limit);
  const lastBreak = cut.lastIndexOf('\n');
  if (lastBreak >= limit / 2) cut = cut.slice(0, lastBreak);
  else if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut;
}

/**
 * The same result with its text replaced by `text`: in an array, the first text block becomes `text` (keeping a
 * cache breakpoint any text block carried), the other text blocks go, images, documents and tool references stay.
 */
function withText(block: ToolResultBlock, text: string): ToolResultBlock {
  if (typeof block.content === 'string') return { ...block, content: text };
  const marked = block.content.find((b): b is TextBlock => b.type === 'text' && b.cache_control !== undefined)?.cache_control;
  const replacement: TextBlock = marked ? { type: 'text', text, cache_control: marked } : { type: 'text', text };
  const content: Exclude<ToolResultContent, string> = [];
  let placed = false;
  for (const b of block.content) {
    if (b.type !== 'text') content.push(b);
    else if (!placed) content.push(replacement);
    placed ||= b.type === 'text';
  }
  if (!placed) content.unshift(replacement);
  return { ...block, content };
}

/**
 * Saves the full text of a result longer than `maxResultSizeChars` and returns the block with the text replaced
 * by a preview and the saved path (`Infinity` opts out: Read bounds itself). Other blocks and `is_error` are kept.
 * If the storage cannot write, the model still gets the preview, with a note that the rest was dropped.
 */
export async function persistLargeResult(
  block: ToolResultBlock,
  opts: { maxResultSizeChars: number; storage: SessionStorage; toolName: string },
): Promise<ToolResultBlock> {
  const text = toolResultText(block.content);
  if (!(text.length > opts.maxResultSizeChars)) return block;
  const preview = previewOf(text, Math.min(PREVIEW_CHARS, opts.maxResultSizeChars));
  let saved: string;
  try {
    const file = await opts.storage.writeText(resultPath(block.tool_use_id), text);
    saved =
      `Output too large (${count(text.length)} characters). Full output saved to: ${file}\n` +
      `Read that file (with offset and limit) to see the rest of the ${opts.toolName} output.`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    saved = `Output too large (${count(text.length)} characters) and could not be saved (${reason}); only the preview below is available.`;
  }
  const body = `${OPEN}\n${saved}\n\nPreview (first ${count(preview.length)} characters):\n${preview}\n...\n${CLOSE}`;
  return withText(block, body);
}

export function createContentReplacementState(): ContentReplacementState {
  return { replaced: new Map() };
}

interface Located {
  message: number;
  index: number;
  block: ToolResultBlock;
  size: number;
}

function locateResults(messages: readonly Message[]): Located[] {
  const out: Located[] = [];
  messages.forEach((m, message) => {
    if (m.role !== 'user' || typeof m.content === 'string') return;
    m.content.forEach((block, index) => {
      if (block.type === 'tool_result') out.push({ message, index, block, size: toolResultText(block.content).length });
    });
  });
  return out;
}

/** The short reference that stands in for a result; saves it first unless persistLargeResult already did. */
async function referenceFor(block: ToolResultBlock, storage: SessionStorage): Promise<string> {
  const text = toolResultText(block.content);
  const saved = text.startsWith(OPEN) ? SAVED_LINE.exec(text) : null;
  const size = saved?.[1] ?? count(text.length);
  const file = saved?.[2] ?? (await storage.writeText(resultPath(block.tool_use_id), text));
  return (
    `${OPEN}\nOutput cleared to save context (${size} characters). Full output saved to: ${file}\n` +
    `Read that file if you need this output again.\n${CLOSE}`
  );
}

/**
 * Keeps the total text of all tool results under `limitChars` by replacing the oldest results of at least
 * MIN_REPLACEABLE_CHARS (never the `keepRecent` newest) with references, until the total fits — or, with
 * `targetChars`, until it is down to that: every replacement rewrites the prompt from the first replaced result on
 * (a prompt-cache miss), so clearing well below the limit at once costs one miss where trimming to the limit would
 * cost one per request. Earlier replacements recorded in `state` are always re-applied verbatim. Returns a new
 * array; the input is not touched, and every block keeps its position and tool_use_id. A result the storage cannot
 * save is left in place.
 */
export async function applyAggregateBudget(
  messages: readonly Message[],
  state: ContentReplacementState,
  opts: { limitChars: number; targetChars?: number; storage: SessionStorage; keepRecent?: number },
): Promise<Message[]> {
  const results = locateResults(messages);
  const sizeNow = (r: Located): number => state.replaced.get(r.block.tool_use_id)?.length ?? r.size;
  let total = results.reduce((n, r) => n + sizeNow(r), 0);
  if (total > opts.limitChars) {
    const keep = Math.max(0, opts.keepRecent ?? DEFAULT_KEEP_RECENT);
    const candidates = results
      .slice(0, Math.max(0, results.length - keep))
      .filter((r) => !state.replaced.has(r.block.tool_use_id) && r.size >= MIN_REPLACEABLE_CHARS);
    const target = Math.min(opts.limitChars, opts.targetChars ?? opts.limitChars);
    for (const r of candidates) {
      if (total <= target) break;
      let reference: string;
      try {
        reference = await referenceFor(r.block, opts.storage);
      } catch {
        continue; // Not saved, so not cleared: the next call tries again.
      }
      state.replaced.set(r.block.tool_use_id, reference);
      total -= r.size - reference.length;
    }
  }
  return rebuild(messages, results, state);
}

/**
 * The conversation with the replacements in `state` applied (what a resumed session rebuilds from its transcript's
 * records), byte for byte as `applyAggregateBudget` applied them. Returns a new array; the input is not touched.
 */
export function applyRecordedReplacements(messages: readonly Message[], state: ContentReplacementState): Message[] {
  return rebuild(messages, locateResults(messages), state);
}

function rebuild(messages: readonly Message[], results: Located[], state: ContentReplacementState): Message[] {
  const out = [...messages];
  for (const r of results) {
    const reference = state.replaced.get(r.block.tool_use_id);
    const m = out[r.message];
    if (reference === undefined || m?.role !== 'user' || typeof m.content === 'string') continue;
    // Copy the message once; later results of the same message edit the copy.
    const content: UserContentBlock[] = m === messages[r.message] ? [...m.content] : m.content;
    content[r.index] = withText(r.block, reference);
    out[r.message] = { ...m, content };
  }
  return out;
}
