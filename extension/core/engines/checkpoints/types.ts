/**
 * Checkpoints: what a file looked like before the session first wrote it after each user prompt, stored in
 * the session's storage, so "Rewind to here" can put files back and "Review changes" can diff against the
 * session's start. Writes through the file tools (Edit, Write, NotebookEdit) are seen as they happen; what a Bash
 * command changed is found by the workspace snapshots around it (bashSnapshots.ts) and joins as `git` pre-images.
 */
import { z } from 'zod';

/** Files larger than this are not kept; rewind reports them instead of pretending to restore them. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** All pre-images of one session together stay under this. */
export const MAX_SESSION_BYTES = 200 * 1024 * 1024;

const Sha = z.string().regex(/^[0-9a-f]{64}$/);
/** A git object id: SHA-1 (40 hex digits) or SHA-256 (64). */
export const GitOid = z.string().regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/);

/** A file's state before the first write of a prompt. */
export const PreImageSchema = z.discriminatedUnion('kind', [
  /** The bytes are stored under `blobs/<sha>`. */
  z.strictObject({ kind: z.literal('content'), sha: Sha, size: z.number().int().nonnegative() }),
  /**
   * The bytes are a blob of the session's workspace snapshots (a Bash command changed the file): `oid` is its git
   * object id, read back through the snapshotter.
   */
  z.strictObject({ kind: z.literal('git'), oid: GitOid, size: z.number().int().nonnegative().optional() }),
  /** The file did not exist: rewinding deletes it. */
  z.strictObject({ kind: z.literal('absent') }),
  /** Not kept: the file, or the session's total, was over the cap. */
  z.strictObject({ kind: z.literal('tooLarge'), size: z.number().int().nonnegative(), reason: z.enum(['file', 'session']) }),
]);
export type PreImage = z.infer<typeof PreImageSchema>;

/** One user prompt's checkpoint: path → pre-image, in the order the files were first touched. */
export const CheckpointSchema = z.strictObject({
  promptId: z.string().min(1).max(200),
  /** The prompt's text, so a reloaded session can still find its checkpoint. */
  text: z.string(),
  files: z.record(z.string(), PreImageSchema),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** The content hash (or `absent`) of what the session last wrote to each file: later hand edits differ. */
export const ManifestSchema = z.strictObject({
  version: z.literal(1),
  checkpoints: z.array(CheckpointSchema),
  lastWritten: z.record(z.string(), z.union([Sha, z.literal('absent')])),
  storedBytes: z.number().int().nonnegative(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** Restoring files: byte-exact writes and deletes (the tools' `Workspace` only writes text). */
export interface FileRestorer {
  writeBytes(path: string, bytes: Uint8Array): Promise<void>;
  /** Deletes a file; a file that is already gone is not an error. */
  remove(path: string): Promise<void>;
}

/** What reading a file for a checkpoint needs: the tools' `Workspace` has both. */
export interface FileReader {
  stat(path: string): Promise<{ type: 'file' | 'directory' | 'other'; size: number } | undefined>;
  readBytes(path: string): Promise<Uint8Array>;
}

/** One file a rewind would change. */
export interface RewindFile {
  path: string;
  /** `restore` writes the pre-image back; `delete` removes a file the session created. */
  action: 'restore' | 'delete';
  /** The file differs from what the session last wrote (edited by hand or by a command since). */
  changedSince: boolean;
}

export interface RewindPlan {
  promptId: string;
  files: RewindFile[];
  /** Touched after the prompt but too large to have been kept: a rewind leaves them as they are. */
  tooLarge: string[];
}

/** A file the session changed, for the changed-files bar and "Review changes". */
export interface ChangedFile {
  path: string;
  added: number;
  removed: number;
  /** Did not exist when the session first touched it. */
  created: boolean;
  /** Exists no more. */
  deleted: boolean;
  /** Not diffable (binary or too large to keep); counts are 0. */
  binary: boolean;
}
