/**
 * Diff review: a file-changing tool call that needs approval opens in VS Code's diff editor, the file as it
 * is on the left and the proposal, editable, on the right. The review wraps whichever approval surface is
 * current (the chat's dialog, or a notification when the chat is hidden) and races it against the editor's
 * Accept / Reject: the first answer settles the one pending request, the other surface is closed (the
 * dialog through the abort it is given, the diff tab here). An accept applies the right side as it is then.
 * The pending review is kept in reviewRegistry.ts; the diff editor is opened and closed by reviewEditor.ts.
 */
import path from 'node:path';
import type * as vscode from 'vscode';
import type { ApprovalAnswer, AskUser } from '../../core/contracts/permissionPrompts';
import { askWithNotification } from './notify';
import { reviewedAnswer } from './outcome';
import { buildProposal, type ReadText } from './proposal';
import { closeReview, openMode, proposedText, showReview, showReviewAfter } from './reviewEditor';
import type { ReviewFileSystem } from './reviewFs';
import { ReviewRegistry, type ActiveReview, type LiveReview } from './reviewRegistry';

export { REVIEW_PENDING_CONTEXT, type ActiveReview } from './reviewRegistry';
export type { DiffOpenMode } from './reviewEditor';

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
  private readonly reviews: ReviewRegistry;
  /** Fires when a review starts or ends, or its kept hunks change. */
  readonly onDidChange: vscode.Event<void>;

  constructor(
    private readonly fs: ReviewFileSystem,
    private readonly deps: DiffReviewDeps,
  ) {
    this.reviews = new ReviewRegistry(fs);
    this.onDidChange = this.reviews.onDidChange;
  }

  /** The review waiting for an answer, if any. */
  get active(): ActiveReview | undefined {
    return this.reviews.active;
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
      if (this.reviews.active && opts.dialog) return inner(prompt, context);
      while (this.reviews.active && !context.abortController.signal.aborted) await this.reviews.idle(context.abortController.signal);
      if (context.abortController.signal.aborted) return inner(prompt, context);
      const innerAbort = new AbortController();
      const forward = () => innerAbort.abort();
      context.abortController.signal.addEventListener('abort', forward, { once: true });
      let settle: (answer: ApprovalAnswer) => void = () => undefined;
      const fromEditor = new Promise<ApprovalAnswer>((resolve) => (settle = resolve));
      const review = this.reviews.start(prompt.tool.name, proposal, settle);
      const ask = opts.dialog ? inner : askWithNotification;
      const asked = ask(prompt, { ...context, abortController: innerAbort });
      const delayMs = opts.dialog ? (openMode() === 'manual' ? undefined : DIFF_AFTER_DIALOG_MS) : 0;
      const diff = showReviewAfter(review, delayMs, this.deps);
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
    return this.reviews.accept();
  }

  /** Rejects the pending proposal; the note goes to the model. */
  reject(note?: string): boolean {
    return this.reviews.reject(note);
  }

  /** Opens the pending review of `file` (the dialog's "Open diff"); false when there is none. */
  async showFor(file: string): Promise<boolean> {
    const review = this.reviews.active;
    if (!review || review.proposal.path !== path.resolve(this.deps.cwd, file)) return false;
    await showReview(review, this.deps, true);
    return true;
  }

  markKept(key: string): void {
    this.reviews.markKept(key);
  }

  /** The proposal's text now: the editor's buffer if open (saved or not), else what the file system holds. */
  textOf(review: ActiveReview): string | undefined {
    return proposedText(review, this.fs);
  }

  dispose(): void {
    this.reject();
    this.reviews.dispose();
  }

  /**
   * Ends the review at once; its tab closes once `opened` (a diff still opening) has settled. The answer is
   * not held for that: the tool runs while the workbench closes the tab.
   */
  private end(review: LiveReview, opened: Promise<void>): void {
    this.reviews.end(review);
    void opened.then(() => closeReview(review, this.fs, this.deps));
  }
}
