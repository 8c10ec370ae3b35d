/**
 * How a file change is asked about while the chat view is hidden: a notification beside the diff editor
 * instead of a modal, which would lock the editor the user is meant to review in. Its Cancel rejects; the
 * editor's Accept / Reject actions answer too, and then the notification closes itself (through the abort).
 */
import * as vscode from 'vscode';
import { denialMessage } from '../../core/engines/permissions/describe';
import type { ApprovalAnswer, AskUser } from '../../core/contracts/permissionPrompts';

/** The keybindings package.json gives Accept / Reject Proposed Edit. */
const KEYS = process.platform === 'darwin' ? { accept: '⌘⌥Y', reject: '⌘⌥N' } : { accept: 'Ctrl+Alt+Y', reject: 'Ctrl+Alt+N' };

export const askWithNotification: AskUser = (prompt, context) =>
  new Promise<ApprovalAnswer>((resolve) => {
    const summary = prompt.tool.getToolUseSummary?.(prompt.input, { cwd: context.cwd }) ?? prompt.tool.name;
    void vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Codewright wants to ${prompt.tool.userFacingName(prompt.input).toLowerCase()} ${summary}. Review the diff, then Accept (${KEYS.accept}) or Reject (${KEYS.reject}).`,
        cancellable: true,
      },
      (_progress, token) =>
        new Promise<void>((done) => {
          const signal = context.abortController.signal;
          const finish = (answer: ApprovalAnswer) => {
            resolve(answer);
            done();
          };
          token.onCancellationRequested(() =>
            finish({ behavior: 'deny', message: denialMessage(prompt.tool.name), decisionReason: { type: 'other', reason: 'denied by the user' } }),
          );
          const onAbort = () => finish({ behavior: 'deny', message: 'Interrupted by user', decisionReason: { type: 'other', reason: 'answered elsewhere' } });
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
        }),
    );
  });
