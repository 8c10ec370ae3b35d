/** The webview's checkpoint requests (rewind, review, a Bash command's diff) and the changed-files list it shows. Free of `vscode`. */
import type { ChangedFileView, HostToWebview, SnapshotChangeView, WebviewToHost } from '../../protocol/messages';

/** What the bridge needs; extension.ts builds it from SessionCheckpoints and the rewind/review commands. */
export interface CheckpointControls {
  changedFiles(): ChangedFileView[];
  onChanged(listener: (files: ChangedFileView[]) => void): () => void;
  /** Rewinds (after the user confirms); resolves with the prompt text for the composer, if it happened. */
  rewind(messageId: string): Promise<string | undefined>;
  review(): Promise<void>;
  /**
   * Opens the diff of one file a Bash command changed: its content before the command against now. Optional so
   * a stand-in without workspace snapshots still fits; the request is then ignored.
   */
  openChangeDiff?(change: SnapshotChangeView): Promise<void>;
}

export type CheckpointRequest = Extract<WebviewToHost, { type: 'rewind' | 'reviewChanges' | 'openChangeDiff' }>;

export async function handleCheckpointRequest(
  message: CheckpointRequest,
  controls: CheckpointControls | undefined,
  post: (m: HostToWebview) => void,
): Promise<void> {
  if (!controls) return;
  if (message.type === 'reviewChanges') return controls.review();
  if (message.type === 'openChangeDiff') {
    const { type: _type, ...change } = message;
    return controls.openChangeDiff?.(change);
  }
  const draft = await controls.rewind(message.messageId);
  if (draft !== undefined) post({ type: 'composerDraft', text: draft });
}
