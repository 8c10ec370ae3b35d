/**
 * The composer's part of the protocol: images pasted or dropped into a prompt (kept by the host while the
 * prompt is unsent), and text the host asks the composer to insert (an `@file#L5-10` mention from "Add
 * Selection to Chat"). messages.ts composes these.
 */
import { z } from 'zod';

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Per image, decoded; the Messages API's own limit is 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PROMPT_IMAGES = 20;

/** Base64 of at most MAX_IMAGE_BYTES bytes. */
const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** An image attached to a prompt: base64 without the `data:` prefix. */
export const PromptImageSchema = z.strictObject({
  kind: z.literal('image'),
  name: z.string().max(500).optional(),
  mediaType: z.enum(IMAGE_MEDIA_TYPES),
  data: z
    .string()
    .min(1)
    .max(MAX_IMAGE_BASE64)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type PromptImage = z.infer<typeof PromptImageSchema>;

export const PromptImagesSchema = z.array(PromptImageSchema).max(MAX_PROMPT_IMAGES);

/**
 * webview → host: the images of the unsent prompt, whenever they change. The host keeps them for the view's
 * next page (a hidden view's page is discarded; its text draft survives in the webview's own state, which
 * is too small for images).
 */
export const ComposerRequestSchemas = [z.strictObject({ type: z.literal('draftImages'), images: PromptImagesSchema })] as const;

/** Re-sent to a new page of the view, which puts them back into its empty composer. */
export const ComposerSnapshotFields = { draftImages: PromptImagesSchema.optional() };

/** host → webview events of the composer. */
export const ComposerEventSchemas = [
  /** Insert at the caret (with a space before when needed) and focus the prompt box. */
  z.strictObject({ type: z.literal('insertText'), text: z.string().min(1).max(10_000) }),
  /**
   * Put the cursor where the user types next (Open Chat, New Chat, the view focused): the prompt box, or a
   * dialog waiting for an answer (permission, question, plan) when one is open.
   */
  z.strictObject({ type: z.literal('focusComposer') }),
] as const;
