/**
 * Checkpoints in VS Code: per chat, the rewind flow with its modal, the review and the diff of a file a Bash
 * command changed, as the bridge's `CheckpointControls` (`chatCheckpoints`); for the window, the review
 * command (on the chat the user turned to last) and the content provider that serves the originals of every
 * chat's session.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../conversation/chatSession';
import type { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';
import type { Logger } from '../../core/contracts/settings';
import type { CheckpointControls } from './checkpointControls';
import { COMMANDS } from '../palette/commands';
import { rewindTo, type ConfirmRewind, type RewindOutcome } from './rewind';
import { confirmRewindWithModal } from './rewindModal';
import { openChangeDiff, registerOriginalContent, reviewChanges } from './reviewChanges';

/** What the extension's api exposes for tests: the rewind itself and a seam to answer its confirmation. */
export interface CheckpointsApi {
  readonly checkpoints: SessionCheckpoints;
  rewind(messageId: string): Promise<RewindOutcome>;
  /** Replaces the modal (tests); undefined restores it. */
  setConfirm(confirm: ConfirmRewind | undefined): void;
}

export interface CheckpointsDeps {
  session: ChatSession;
  /** Already attached to the session (extension/chatFactory.ts). */
  checkpoints: SessionCheckpoints;
  log: Logger;
  newId: () => string;
}

/** One chat's rewind, review and Bash diffs, for its bridge and for the api. */
export function chatCheckpoints(deps: CheckpointsDeps): { controls: CheckpointControls; api: CheckpointsApi } {
  const { session, checkpoints } = deps;
  let confirm: ConfirmRewind = confirmRewindWithModal;
  const rewind = rewindWith(deps, (s) => confirm(s));
  const controls: CheckpointControls = {
    changedFiles: () => checkpoints.changed(),
    onChanged: (listener) => checkpoints.onChanged(listener),
    rewind: async (messageId) => {
      const outcome = await rewind(messageId);
      return outcome.done ? outcome.draft : undefined;
    },
    review: async () => {
      await reviewChanges(checkpoints, session.sessionId);
    },
    openChangeDiff: (change) => openChangeDiff(session.sessionId, change),
  };
  const api: CheckpointsApi = {
    checkpoints,
    rewind,
    setConfirm: (c) => {
      confirm = c ?? confirmRewindWithModal;
    },
  };
  return { controls, api };
}

export interface WindowCheckpointsDeps {
  /** The review of the chat the user turned to last. */
  review(): Promise<void>;
  /** The checkpoints of the chat whose current session is `sessionId`. */
  find(sessionId: string): SessionCheckpoints | undefined;
}

/** The window's side: the review command and the originals of every chat's session. */
export function registerCheckpoints(context: vscode.ExtensionContext, deps: WindowCheckpointsDeps): void {
  context.subscriptions.push(registerOriginalContent(deps.find), vscode.commands.registerCommand(COMMANDS.reviewChanges, () => deps.review()));
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
