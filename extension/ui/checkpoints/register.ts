/**
 * Wires checkpoints into the session and VS Code: the rewind flow with its modal, the review command with
 * its content provider, the `codewright.hasChanges` context key, and the bridge's `CheckpointControls`.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../chat/chatSession';
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

export interface CheckpointsDeps {
  session: ChatSession;
  checkpoints: SessionCheckpoints;
  log: Logger;
  newId: () => string;
}

/** Attaches the checkpoints to the session (a checkpoint per prompt) and registers their UI. */
export function registerCheckpoints(context: vscode.ExtensionContext, deps: CheckpointsDeps): { controls: CheckpointControls; api: CheckpointsApi } {
  const { session, checkpoints } = deps;
  const detach = checkpoints.attach(session);
  let confirm: ConfirmRewind = confirmRewindWithModal;
  const rewind = rewindWith(deps, (s) => confirm(s));
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
  context.subscriptions.push(
    registerOriginalContent(checkpoints),
    vscode.commands.registerCommand(COMMANDS.reviewChanges, review),
    { dispose: offChanged },
    { dispose: detach },
  );
  return { controls, api };
}

/** The rewind behind the chat's button and the api: a failure is logged and shown, not thrown. */
function rewindWith(deps: CheckpointsDeps, confirm: ConfirmRewind): (messageId: string) => Promise<RewindOutcome> {
  const { session, checkpoints, log } = deps;
  return (messageId) =>
    rewindTo(messageId, {
      session,
      checkpoints,
      confirm,
      notify: (m) => void vscode.window.showInformationMessage(`Codewright: ${m}`),
      newId: deps.newId,
      log,
    }).catch((err: unknown): RewindOutcome => {
      const reason = err instanceof Error ? err.message : String(err);
      log.error(`Rewind failed: ${reason}`);
      void vscode.window.showErrorMessage(`Codewright: rewind failed: ${reason}`);
      return { done: false, reason };
    });
}
