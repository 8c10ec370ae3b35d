/**
 * The user's side of a stored conversation as chat entries: a prompt (its text without the mentioned files'
 * contents, with their chips and its images), and the messages a turn took between tool rounds (mid-turn
 * prompts, other agents' mail), as the live chat showed them (midTurn.ts `mailEntry`).
 */
import { USER_SENDER } from '../core/loop/query/inbox';
import type { MailMessage } from '../core/contracts/mailbox';
import type { ImageBlock, Message } from '../core/base/messages';
import type { Attachment, ChatMessage } from '../protocol/messages';
import { attachmentOfBlock, isMentionBlock } from './mentionFiles';
import { mailEntry } from './midTurn';

/** The prompt's entry; undefined for a message with nothing to show (no text, no image, no file). */
export function promptEntry(message: Message, id: string): ChatMessage | undefined {
  const content = message.content;
  const text =
    typeof content === 'string'
      ? content
      : content
          .map((b) => (b.type === 'text' && !isMentionBlock(b.text) && !isSystemReminder(b.text) ? b.text : ''))
          .filter((t) => t !== '')
          .join('\n\n');
  const attachments = attachmentsOf(content);
  if (!text.trim() && !attachments.length) return undefined;
  return { id, role: 'user', text, status: 'done', ...(attachments.length ? { attachments } : {}) };
}

/** A note the loop added for the model (an MCP resource that changed, core/engines/mcp/resourceWatch.ts), never the user's words. */
function isSystemReminder(text: string): boolean {
  return text.startsWith('<system-reminder>') && text.trimEnd().endsWith('</system-reminder>');
}

/** The images and mentioned files of a stored user message, as its chips (see userPrompt.ts). */
function attachmentsOf(content: Message['content']): Attachment[] {
  if (typeof content === 'string') return [];
  const out: Attachment[] = [];
  for (const b of content) {
    if (b.type === 'image') out.push({ kind: 'image', mediaType: b.source.media_type, data: b.source.data });
    const file = b.type === 'text' && isMentionBlock(b.text) ? attachmentOfBlock(b.text) : undefined;
    if (file) out.push(file);
  }
  return out;
}

/** `<message from="…" summary="…">` as core/loop/query/inbox.ts wraps another agent's message. */
const WRAPPED = /^<message from="([^"]*)"(?: summary="[^"]*")?>\n([\s\S]*)\n<\/message>$/;

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
}

/**
 * The mail a round's results carried (the blocks after its tool_result blocks, core/loop/query/inbox.ts `withMail`):
 * a typed prompt's images then its text, or another agent's wrapped message. The tool_result blocks are skipped.
 */
export function mailEntries(message: Message, newId: () => string): ChatMessage[] {
  if (typeof message.content === 'string') return [];
  const entries: ChatMessage[] = [];
  let images: ImageBlock[] = [];
  for (const b of message.content) {
    if (b.type === 'image') images.push(b);
    if (b.type !== 'text') continue;
    const wrapped = WRAPPED.exec(b.text);
    const mail: MailMessage = wrapped
      ? { from: unescapeAttribute(wrapped[1] ?? ''), text: wrapped[2] ?? '' }
      : { from: USER_SENDER, text: b.text, ...(images.length ? { images } : {}) };
    entries.push(mailEntry(mail, newId()));
    images = [];
  }
  return entries;
}
