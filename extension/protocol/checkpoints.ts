/**
 * Checkpoints in the protocol: "Rewind to here" on a user message, the changed-files bar and "Review
 * changes". Kept apart from messages.ts, which spreads these into its unions.
 */
import { z } from 'zod';

/** A file the session changed, with line counts against the session's start. */
export const ChangedFileViewSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  created: z.boolean(),
  deleted: z.boolean(),
  /** No line counts: binary, or too large to have been kept. */
  binary: z.boolean(),
});
export type ChangedFileView = z.infer<typeof ChangedFileViewSchema>;

const MAX_FILES = 2000;

/**
 * A git object id (SHA-1 or SHA-256) naming a file's content before a Bash command, from the session's
 * workspace snapshots (core/contracts/snapshots.ts).
 */
export const SnapshotOidSchema = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/);

/** A file one Bash command created, modified or deleted; `before` is absent for a file it created. */
export const SnapshotChangeViewSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  change: z.enum(['created', 'modified', 'deleted']),
  before: SnapshotOidSchema.optional(),
});
export type SnapshotChangeView = z.infer<typeof SnapshotChangeViewSchema>;

/** At most this many changes travel with one Bash result. */
export const MAX_SNAPSHOT_CHANGES = 2000;

/** webview → host. */
export const CheckpointRequestSchemas = [
  /** Restore files to their state before this user message and fork the conversation there (the host confirms). */
  z.strictObject({ type: z.literal('rewind'), messageId: z.string().min(1).max(200) }),
  /** Open the multi-file diff of the session's changes. */
  z.strictObject({ type: z.literal('reviewChanges') }),
  /** Open the diff of one file a Bash command changed: its content before the command against now. */
  z.strictObject({ type: z.literal('openChangeDiff'), ...SnapshotChangeViewSchema.shape }),
] as const;

/** host → webview. */
export const CheckpointEventSchemas = [
  z.strictObject({ type: z.literal('changedFiles'), files: z.array(ChangedFileViewSchema).max(MAX_FILES) }),
  /** Puts text into the composer (the prompt a rewind took back). */
  z.strictObject({ type: z.literal('composerDraft'), text: z.string().max(200_000) }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const CheckpointSnapshotFields = {
  changedFiles: z.array(ChangedFileViewSchema).max(MAX_FILES).optional(),
};
