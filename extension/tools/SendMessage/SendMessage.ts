/**
 * SendMessage: posts a message to a running agent's inbox in the session's mailbox (docs/ARCHITECTURE.md,
 * Teams). It is delivered at the recipient's next turn boundary, with its tool results.
 */
import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { buildTool } from '../../core/contracts/tool';
import { SEND_MESSAGE_TOOL_NAME } from '../../protocol/toolNames';
import { SEND_MESSAGE_DESCRIPTION, SEND_MESSAGE_PROMPT } from './prompt';
import { resolveRecipients, senderOf } from './recipients';

const inputSchema = z.strictObject({
  to: z.string().trim().min(1, 'to cannot be empty').describe('The recipient: a running agent\'s name or id, "main" for the main agent, or "*" for your whole team'),
  message: z.string().min(1, 'message cannot be empty').describe('The message to send'),
  summary: z.string().optional().describe('A 5-10 word summary shown in the UI'),
});

export interface SendMessageOutput {
  from: string;
  to: string;
  /** The agent ids it was posted to. */
  recipients: string[];
}

export const SendMessageTool = buildTool({
  name: SEND_MESSAGE_TOOL_NAME,
  searchHint: 'message teammate agent team communicate notify',
  shouldDefer: true,
  inputSchema,
  maxResultSizeChars: 10_000,
  // Not read-only: the recipient acts on what it reads, so plan mode must not let the planner hand work out.
  // Posting is one atomic step per message, so calls may run side by side.
  isConcurrencySafe: () => true,
  async description() {
    return SEND_MESSAGE_DESCRIPTION;
  },
  async prompt() {
    return SEND_MESSAGE_PROMPT;
  },
  userFacingName: () => 'Send Message',
  getToolUseSummary: (input) => (typeof input?.to === 'string' ? `to ${input.to}` : null),
  getActivityDescription: (input) => (typeof input?.to === 'string' ? `Messaging ${input.to}` : 'Sending a message'),
  toAutoClassifierInput: (input) => `${input.to}: ${input.message}`,

  async validateInput(input, context) {
    if (!context.mailbox) return { result: false, message: 'Messages between agents are not available here: no other agent runs in this session.' };
    const resolved = resolveRecipients(input.to, senderOf(context, context.mailbox), context.mailbox);
    return 'error' in resolved ? { result: false, message: resolved.error } : { result: true };
  },

  async call(input, context) {
    const mailbox = context.mailbox;
    if (!mailbox) throw new ToolError('unavailable', 'Messages between agents are not available here.');
    const sender = senderOf(context, mailbox);
    const resolved = resolveRecipients(input.to, sender, mailbox);
    if ('error' in resolved) throw new ToolError('not_found', resolved.error);
    const message = { from: sender.label, text: input.message, ...(input.summary ? { summary: input.summary } : {}) };
    const recipients = resolved.addresses.filter((address) => mailbox.post(address, message));
    if (recipients.length === 0) throw new ToolError('not_found', `"${input.to}" finished before the message arrived; nothing was sent.`);
    return { data: { from: sender.label, to: input.to, recipients } satisfies SendMessageOutput };
  },

  mapToolResultToToolResultBlockParam(output: SendMessageOutput, toolUseId: string): ToolResultBlock {
    const who = output.to === '*' ? `${output.recipients.length} teammate(s)` : output.to;
    return { type: 'tool_result', tool_use_id: toolUseId, content: `Message sent to ${who}. They read it at their next turn boundary.` };
  },
});
