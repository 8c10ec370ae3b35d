/**
 * Wires checkpoints into VS Code: the rewind flow with its modal, the review command with its content
 * provider, the `codewright.hasChanges` context key, and the bridge's `CheckpointControls`.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../core/chat/chatSession';
import type { SessionCheckpoints } from '../../core/checkpoints/sessionCheckpoints';
import type { Logger } from '../../core/ports';
import type { CheckpointControls } from './checkpointControls';
import { COMMANDS } from '../palette/commands';
import { rewindTo, type ConfirmRewind, type RewindOutcome } from './rewind';
import { confirmRewindWithModal } from './rewindModal';
import { registerOriginalContent, reviewChanges } from './reviewChanges';

/** What the extension's api exposes for tests: the rewind itself and a seam to answer its confirmation. */
export interface CheckpointsApi {
  readonly checkpoints: SessionCheckpoints;
  rewind(messageId: string): Promise<RewindOutcome>;
  /** Replaces the modal (tests); undefined restores it. */
  setConfirm(confirm: ConfirmRewind | undefined): void;
}

export function registerCheckpointsUi(deps: {
  session: ChatSession;
  checkpoints: SessionCheckpoints;
  log: Logger;
  newId: () => string;
}): { controls: CheckpointControls; api: CheckpointsApi; disposables: vscode.Disposable[] } {
  const { session, checkpoints, log } = deps;
  let confirm: ConfirmRewind = confirmRewindWithModal;
  const rewind = (messageId: string) =>
    rewindTo(messageId, {
      session,
      checkpoints,
      confirm: (s) => confirm(s),
      notify: (m) => void vscode.window.showInformationMessage(`Codewright: ${m}`),
      newId: deps.newId,
      log,
    }).catch((err: unknown): RewindOutcome => {
      const reason = err instanceof Error ? err.message : String(err);
      log.error(`Rewind failed: ${reason}`);
      void vscode.window.showErrorMessage(`Codewright: rewind failed: ${reason}`);
      return { done: false, reason };
    });
  const review = async () => {
    await reviewChanges(checkpoints, session.sessionId);
  };
  const setHasChanges = (has: boolean) => void vscode.commands.executeCommand('setContext', 'codewright.hasChanges', has);
  const offChanged = checkpoints.onChanged((files) => setHasChanges(files.length > 0));
  setHasChanges(false);
  const controls: CheckpointControls = {
    changedFiles: () => checkpoints.changed(),
    onChanged: (listener) => checkpoints.onChanged(listener),
    rewind: async (messageId) => {
      const outcome = await rewind(messageId);
      return outcome.done ? outcome.draft : undefined;
    },
    review,
  };
  const api: CheckpointsApi = {
    checkpoints,
    rewind,
    setConfirm: (c) => {
      confirm = c ?? confirmRewindWithModal;
    },
  };
  return {
    controls,
    api,
    disposables: [
      registerOriginalContent(checkpoints),
      vscode.commands.registerCommand(COMMANDS.reviewChanges, review),
      { dispose: offChanged },
    ],
  };
}
