/** The webview's checkpoint requests (rewind, review) and the changed-files list it shows. Free of `vscode`. */
import type { ChangedFileView, HostToWebview, WebviewToHost } from '../../protocol/messages';

/** What the bridge needs; extension.ts builds it from SessionCheckpoints and the rewind/review commands. */
export interface CheckpointControls {
  changedFiles(): ChangedFileView[];
  onChanged(listener: (files: ChangedFileView[]) => void): () => void;
  /** Rewinds (after the user confirms); resolves with the prompt text for the composer, if it happened. */
  rewind(messageId: string): Promise<string | undefined>;
  review(): Promise<void>;
}

export type CheckpointRequest = Extract<WebviewToHost, { type: 'rewind' | 'reviewChanges' }>;

export async function handleCheckpointRequest(
  message: CheckpointRequest,
  controls: CheckpointControls | undefined,
  post: (m: HostToWebview) => void,
): Promise<void> {
  if (!controls) return;
  if (message.type === 'reviewChanges') return controls.review();
  const draft = await controls.rewind(message.messageId);
  if (draft !== undefined) post({ type: 'composerDraft', text: draft });
}
