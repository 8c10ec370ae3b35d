/**
 * Prompts queued while a turn runs: the host owns the queue and reports it whole on every change (it is
 * short); the webview removes one with `removeQueued`. Stop hands the queued prompts back to the composer
 * (`promptsReturned`). messages.ts composes these into its unions.
 */
import { z } from 'zod';
import { PromptImagesSchema } from './composer';

export const QueuedPromptViewSchema = z.strictObject({
  id: z.string().min(1).max(200),
  text: z.string().max(200_000),
  imageCount: z.number().int().nonnegative().max(100),
});
export type QueuedPromptView = z.infer<typeof QueuedPromptViewSchema>;

const QueueSchema = z.array(QueuedPromptViewSchema).max(50);

export const QueueRequestSchemas = [z.strictObject({ type: z.literal('removeQueued'), id: z.string().min(1).max(200) })] as const;

/** Queued prompts a Stop handed back, merged into one draft for the composer. */
const ReturnedPromptsSchema = z.strictObject({
  text: z.string().max(4_000_000),
  images: PromptImagesSchema,
});

export const QueueEventSchemas = [
  z.strictObject({ type: z.literal('queueChanged'), queue: QueueSchema }),
  /** Put back into the composer, before what is being typed there. */
  z.strictObject({ type: z.literal('promptsReturned'), returned: ReturnedPromptsSchema }),
] as const;

/** `returned`: prompts a Stop handed back while no view was open to take them. */
export const QueueSnapshotFields = { queue: QueueSchema.optional(), returned: ReturnedPromptsSchema.optional() };
