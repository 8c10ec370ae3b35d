/**
 * A prompt typed while the agent works (docs/ARCHITECTURE.md, Mid-turn messages). It waits in the chat's
 * queue, which is the user's side of the main agent's inbox: at the next tool boundary the running turn takes
 * it (with its images) and the model reads it with that round's results. A prompt that mentions files (they
 * are read when a turn starts) or is a slash command waits for the next turn instead, as do the ones behind it.
 */
import { USER_SENDER } from '../core/loop/query/inbox';
import type { MailMessage } from '../core/contracts/mailbox';
import type { ImageBlock } from '../core/base/messages';
import type { Attachment, ChatMessage } from '../protocol/messages';
import type { QueuedPrompt } from './promptQueue';
import { needsResolving } from './userPrompt';

/** True when the prompt can join the running turn at its next tool boundary. */
export function canJoinTurn(prompt: QueuedPrompt): boolean {
  return !prompt.text.trim().startsWith('/') && !needsResolving(prompt.text);
}

/** The prompt as the message the turn takes. */
export function promptMail(prompt: QueuedPrompt): MailMessage {
  const images: ImageBlock[] = prompt.images.map((i) => ({ type: 'image', source: { type: 'base64', media_type: i.mediaType, data: i.data } }));
  return { from: USER_SENDER, text: prompt.text, ...(images.length ? { images } : {}) };
}

/**
 * The chat entry of a message the turn took: the user's prompt as a user entry (with its images), another
 * agent's message as a user entry that names its sender.
 */
export function mailEntry(message: MailMessage, id: string): ChatMessage {
  const attachments: Attachment[] = (message.images ?? []).map((i) => ({ kind: 'image', mediaType: i.source.media_type, data: i.source.data }));
  const text = message.from === USER_SENDER ? message.text : `Message from ${message.from}: ${message.text}`;
  return { id, role: 'user', text, status: 'done', ...(attachments.length ? { attachments } : {}) };
}
