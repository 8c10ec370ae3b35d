/**
 * Mid-turn messages (docs/ARCHITECTURE.md, Mid-turn messages): what arrived in an agent's inbox while its
 * tools ran goes to the model with that round's results, as blocks after the tool_result blocks of the same
 * user message (the API wants tool_result blocks first). A prompt the user typed is plain user text (with its
 * images); a message from another agent is wrapped so the model knows who sent it.
 */
import type { MailMessage } from '../../contracts/mailbox';
import type { UserContentBlock, UserMessage } from '../../base/messages';

/** Who a prompt typed by the user comes from. */
export const USER_SENDER = 'user';

/** The blocks one message becomes. */
export function mailBlocks(message: MailMessage): UserContentBlock[] {
  if (message.from === USER_SENDER) return [...(message.images ?? []), { type: 'text', text: message.text }];
  const summary = message.summary ? ` summary="${attribute(message.summary)}"` : '';
  const text = `<message from="${attribute(message.from)}"${summary}>\n${message.text}\n</message>`;
  return [...(message.images ?? []), { type: 'text', text }];
}

/** The round's results with the waiting messages appended (unchanged when none wait). */
export function withMail(results: UserMessage, mail: readonly MailMessage[]): UserMessage {
  if (mail.length === 0) return results;
  const head = typeof results.content === 'string' ? [{ type: 'text' as const, text: results.content }] : results.content;
  return { role: 'user', content: [...head, ...mail.flatMap(mailBlocks)] };
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, ' ');
}
