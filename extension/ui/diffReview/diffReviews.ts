/**
 * Diff review: a file-changing tool call that needs approval opens in VS Code's diff editor, the file as it
 * is on the left and the proposal, editable, on the right. The review wraps whichever approval surface is
 * current (the chat's dialog, or a notification when the chat is hidden) and races it against the editor's
 * Accept / Reject: the first answer settles the one pending request, the other surface is closed (the
 * dialog through the abort it is given, the diff tab here). An accept applies the right side as it is then.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import { denialMessage } from '../../core/engines/permissions/describe';
import type { ApprovalAnswer, AskUser } from '../../core/contracts/permissionPrompts';
import { askWithNotification } from './notify';
import { reviewedAnswer } from './outcome';
import { buildProposal, type Proposal, type ReadText } from './proposal';
import type { ReviewFileSystem } from './reviewFs';

export const REVIEW_PENDING_CONTEXT = 'codewright.reviewPending';

export type DiffOpenMode = 'beside' | 'active' | 'manual';

export interface ActiveReview {
  readonly id: string;
  readonly toolName: string;
  readonly proposal: Proposal;
  readonly original: vscode.Uri;
  readonly proposed: vscode.Uri;
  /** Hunks the user accepted one by one (by `hunkKey`), for the lenses. */
  readonly kept: Set<string>;
}

interface Live extends ActiveReview {
  settle: (answer: ApprovalAnswer) => void;
}

export interface DiffReviewDeps {
  cwd: string;
  read: ReadText;
  log: Pick<vscode.LogOutputChannel, 'warn'>;
}

/**
 * How long the diff waits for the chat's dialog. Both are drawn by the workbench's one thread, and a diff
 * editor holds it for up to a second on a slow machine: opened at once, it held the dialog back that long
 * (`npm run bench -- approval`). The dialog is where the question is; the diff follows it.
 */
const DIFF_AFTER_DIALOG_MS = 250;

export class DiffReviews implements vscode.Disposable {
  private current: Live | undefined;
  private next = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a review starts or ends, or its kept hunks change. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly fs: ReviewFileSystem,
    private readonly deps: DiffReviewDeps,
  ) {}

  /** The review waiting for an answer, if any. */
  get active(): ActiveReview | undefined {
    return this.current;
  }

  /**
   * `inner` with diff review for file changes. `dialog`: the surface has its own "Open diff" button, so the
   * `manual` setting may leave the editor closed; otherwise file changes are asked in a notification beside
   * the diff instead of `inner` (a modal would lock the editor the user has to review in).
   */
  wrap(inner: AskUser, opts: { dialog: boolean }): AskUser {
    return async (prompt, context) => {
      const proposal = await buildProposal(prompt, context.cwd || this.deps.cwd, this.deps.read);
      if (!proposal || context.abortController.signal.aborted) return inner(prompt, context);
      // The diff editor shows one review at a time; another chat's holds it (several chats, docs/ARCHITECTURE.md,
      // Diff review): a chat's own dialog asks without it, a hidden chat waits for its turn.
      if (this.current && opts.dialog) return inner(prompt, context);
      while (this.current && !context.abortController.signal.aborted) await this.idle(context.abortController.signal);
      if (context.abortController.signal.aborted) return inner(prompt, context);
      const innerAbort = new AbortController();
      const forward = () => innerAbort.abort();
      context.abortController.signal.addEventListener('abort', forward, { once: true });
      let settle: (answer: ApprovalAnswer) => void = () => undefined;
      const fromEditor = new Promise<ApprovalAnswer>((resolve) => (settle = resolve));
      const review = this.start(prompt.tool.name, proposal, settle);
      const ask = opts.dialog ? inner : askWithNotification;
      const asked = ask(prompt, { ...context, abortController: innerAbort });
      const diff = this.showAfter(review, opts.dialog ? (openMode() === 'manual' ? undefined : DIFF_AFTER_DIALOG_MS) : 0);
      try {
        const answer = await Promise.race([asked, fromEditor]);
        return reviewedAnswer(answer, proposal, this.textOf(review));
      } finally {
        context.abortController.signal.removeEventListener('abort', forward);
        innerAbort.abort();
        this.end(review, diff.cancel());
      }
    };
  }

  /** Accepts the pending proposal (as the user left it); false when none is pending. */
  accept(): boolean {
    const review = this.current;
    if (!review) return false;
    review.settle({ behavior: 'allow', decisionReason: { type: 'other', reason: 'allowed by the user in the diff editor' } });
    return true;
  }

  /** Rejects the pending proposal; the note goes to the model. */
  reject(note?: string): boolean {
    const review = this.current;
    if (!review) return false;
    review.settle({
      behavior: 'deny',
      message: denialMessage(review.toolName, note),
      decisionReason: { type: 'other', reason: 'denied by the user in the diff editor' },
    });
    return true;
  }

  /** Opens the pending review of `file` (the dialog's "Open diff"); false when there is none. */
  async showFor(file: string): Promise<boolean> {
    const review = this.current;
    if (!review || review.proposal.path !== path.resolve(this.deps.cwd, file)) return false;
    await this.show(review, true);
    return true;
  }

  markKept(key: string): void {
    this.current?.kept.add(key);
    this.changed.fire();
  }

  /** The proposal's text now: the editor's buffer if open (saved or not), else what the file system holds. */
  textOf(review: ActiveReview): string | undefined {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.proposed.toString());
    return doc ? doc.getText() : this.fs.text(review.proposed);
  }

  dispose(): void {
    this.reject();
    this.changed.dispose();
  }

  /** Resolves when no review is pending any more, or on `signal`'s abort. */
  private idle(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        sub.dispose();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const sub = this.changed.event(() => !this.current && done());
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private start(toolName: string, proposal: Proposal, settle: (answer: ApprovalAnswer) => void): Live {
    // One request is asked at a time (the approval queue); a leftover review is denied, not leaked.
    this.reject();
    const id = String(++this.next);
    const name = proposal.name.replace(/[/\\]/g, '_');
    const review: Live = {
      id,
      toolName,
      proposal,
      original: this.fs.put(`/${id}/original/${name}`, proposal.before, true),
      proposed: this.fs.put(`/${id}/proposed/${name}`, proposal.after, !proposal.editable),
      kept: new Set(),
      settle,
    };
    this.current = review;
    void vscode.commands.executeCommand('setContext', REVIEW_PENDING_CONTEXT, true);
    this.changed.fire();
    return review;
  }

  private async show(review: ActiveReview, focus = focusSetting()): Promise<void> {
    // Beside an editor the user is in; with no editor open, "beside" would leave an empty group on the left.
    const beside = openMode() === 'beside' && vscode.window.tabGroups.activeTabGroup.tabs.length > 0;
    const title = `${review.proposal.name}: current ↔ proposed (Codewright)`;
    try {
      await vscode.commands.executeCommand('vscode.diff', review.original, review.proposed, title, {
        preview: true,
        preserveFocus: !focus,
        viewColumn: beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
      });
    } catch (err) {
      this.deps.log.warn(`Could not open the diff review of ${review.proposal.path}: ${String(err)}`);
    }
  }

  /**
   * Opens the review's diff after `delayMs` (never when undefined). `cancel` stops a diff that has not
   * started opening and resolves once one that has is open, so that it can be closed.
   */
  private showAfter(review: ActiveReview, delayMs: number | undefined): { cancel(): Promise<void> } {
    if (delayMs === undefined) return { cancel: () => Promise.resolve() };
    let opening: Promise<void> | undefined;
    const timer = setTimeout(() => (opening = this.show(review)), delayMs);
    return {
      cancel: () => {
        clearTimeout(timer);
        return opening ?? Promise.resolve();
      },
    };
  }

  /**
   * Ends the review at once; its tab closes once `opened` (a diff still opening) has settled. The answer is
   * not held for that: the tool runs while the workbench closes the tab.
   */
  private end(review: Live, opened: Promise<void>): void {
    if (this.current === review) {
      this.current = undefined;
      void vscode.commands.executeCommand('setContext', REVIEW_PENDING_CONTEXT, false);
    }
    this.changed.fire();
    void opened.then(() => this.close(review));
  }

  private async close(review: Live): Promise<void> {
    try {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.proposed.toString());
      // Saved into the review's own memory, so closing asks nothing; the answer has already read the text.
      if (doc?.isDirty) await doc.save();
      const tabs = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === review.proposed.toString());
      if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
    } catch (err) {
      this.deps.log.warn(`Could not close the diff review of ${review.proposal.path}: ${String(err)}`);
    } finally {
      this.fs.remove(review.original);
      this.fs.remove(review.proposed);
    }
  }
}

function openMode(): DiffOpenMode {
  const mode = vscode.workspace.getConfiguration('codewright.diffReview').get<string>('open');
  return mode === 'active' || mode === 'manual' ? mode : 'beside';
}

function focusSetting(): boolean {
  return vscode.workspace.getConfiguration('codewright.diffReview').get<boolean>('focus') === true;
}
