/**
 * Token counts without a tokenizer. The loop needs a number before each request (to decide whether to compact)
 * and the API's own count arrives only after it; a cheap estimate that errs a little high is enough, since
 * compaction triggers well below the context window (compact.ts).
 */
import type { DocumentBlock, Message, TextBlock, ToolDefinition, ToolResultContent } from '../../base/messages';
import type { ModelUsage } from '../../contracts/modelClient';

/** English text and JSON average about four characters per token. */
const CHARS_PER_TOKEN = 4;
/**
 * The API sizes images to at most ~1.15 megapixels, which is about 1,600 tokens (width × height / 750);
 * counting the maximum keeps a screenshot-heavy conversation from overflowing unnoticed.
 */
export const IMAGE_TOKENS = 1_600;
/**
 * A PDF page costs its text plus a page image, roughly 2,000–3,000 tokens; typical pages are 30–60 KB, i.e.
 * 40–80 K base64 characters. One token per 16 base64 characters lands in that range without decoding anything.
 */
const PDF_BASE64_CHARS_PER_TOKEN = 16;
/** A tool_reference is a few tokens; the tool's definition it loads is counted with `tools`. */
const TOOL_REFERENCE_TOKENS = 10;

type Counted = { chars: number; tokens: number };

function documentCost(block: DocumentBlock): Counted {
  const title = block.title?.length ?? 0;
  if (block.source.type === 'text') return { chars: block.source.data.length + title, tokens: 0 };
  return { chars: title, tokens: Math.ceil(block.source.data.length / PDF_BASE64_CHARS_PER_TOKEN) };
}

function toolResultCost(content: ToolResultContent): Counted {
  if (typeof content === 'string') return { chars: content.length, tokens: 0 };
  const total: Counted = { chars: 0, tokens: 0 };
  for (const block of content) {
    if (block.type === 'text') total.chars += block.text.length;
    else if (block.type === 'image') total.tokens += IMAGE_TOKENS;
    else if (block.type === 'document') add(total, documentCost(block));
    else total.tokens += TOOL_REFERENCE_TOKENS;
  }
  return total;
}

function add(total: Counted, more: Counted): void {
  total.chars += more.chars;
  total.tokens += more.tokens;
}

function messageCost(message: Message): Counted {
  if (typeof message.content === 'string') return { chars: message.content.length, tokens: 0 };
  const total: Counted = { chars: 0, tokens: 0 };
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        total.chars += block.text.length;
        break;
      case 'image':
        total.tokens += IMAGE_TOKENS;
        break;
      case 'document':
        add(total, documentCost(block));
        break;
      case 'tool_use':
        total.chars += block.name.length + JSON.stringify(block.input ?? {}).length;
        break;
      case 'tool_result':
        add(total, toolResultCost(block.content));
        break;
      case 'thinking':
        // Earlier turns' thinking may be stripped by the API; counting it anyway errs on the safe side.
        total.chars += block.thinking.length;
        break;
      case 'redacted_thinking':
        total.chars += block.data.length;
        break;
    }
  }
  return total;
}

/**
 * Estimated input tokens of a request with these messages, system prompt and tools: characters / 4 over the
 * text, tool inputs (as JSON), tool results and tool definitions (as JSON); images count `IMAGE_TOKENS`
 * each, base64 documents by their size.
 */
export function estimateTokens(
  messages: readonly Message[],
  system: readonly TextBlock[] = [],
  tools: readonly ToolDefinition[] = [],
): number {
  const total: Counted = { chars: 0, tokens: 0 };
  for (const message of messages) add(total, messageCost(message));
  for (const block of system) total.chars += block.text.length;
  for (const tool of tools) total.chars += JSON.stringify(tool).length;
  return Math.ceil(total.chars / CHARS_PER_TOKEN) + total.tokens;
}

/**
 * What the previous request's context came to: everything it read (uncached, cache hits and cache writes)
 * plus what it wrote, since that reply is part of the next request. Exact where `estimateTokens` guesses.
 */
export function tokensFromUsage(usage: ModelUsage): number {
  return usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens + usage.outputTokens;
}
