/**
 * Prompts queued while a turn runs: the host owns the queue and reports it whole on every change (it is
 * short); the webview removes one with `removeQueued`. messages.ts composes these into its unions.
 */
import { z } from 'zod';

export const QueuedPromptViewSchema = z.strictObject({
  id: z.string().min(1).max(200),
  text: z.string().max(200_000),
  imageCount: z.number().int().nonnegative().max(100),
});
export type QueuedPromptView = z.infer<typeof QueuedPromptViewSchema>;

const QueueSchema = z.array(QueuedPromptViewSchema).max(50);

export const QueueRequestSchemas = [z.strictObject({ type: z.literal('removeQueued'), id: z.string().min(1).max(200) })] as const;

export const QueueEventSchemas = [z.strictObject({ type: z.literal('queueChanged'), queue: QueueSchema })] as const;

export const QueueSnapshotFields = { queue: QueueSchema.optional() };
