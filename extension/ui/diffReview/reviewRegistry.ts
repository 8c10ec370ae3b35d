/**
 * The one pending diff review (diffReviews.ts): it starts with its two files in the review file system,
 * is answered from the editor (Accept / Reject, kept hunks) and ends; every change fires `onDidChange`, and
 * the `codewright.reviewPending` context follows whether one is pending.
 */
import * as vscode from 'vscode';
import { denialMessage } from '../../core/engines/permissions/describe';
import type { ApprovalAnswer } from '../../core/contracts/permissionPrompts';
import type { Proposal } from './proposal';
import type { ReviewFileSystem } from './reviewFs';

export const REVIEW_PENDING_CONTEXT = 'codewright.reviewPending';

export interface ActiveReview {
  readonly id: string;
  readonly toolName: string;
  readonly proposal: Proposal;
  readonly original: vscode.Uri;
  readonly proposed: vscode.Uri;
  /** Hunks the user accepted one by one (by `hunkKey`), for the lenses. */
  readonly kept: Set<string>;
}

export interface LiveReview extends ActiveReview {
  settle: (answer: ApprovalAnswer) => void;
}

export class ReviewRegistry implements vscode.Disposable {
  private current: LiveReview | undefined;
  private next = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a review starts or ends, or its kept hunks change. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly fs: ReviewFileSystem) {}

  /** The review waiting for an answer, if any. */
  get active(): LiveReview | undefined {
    return this.current;
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

  markKept(key: string): void {
    this.current?.kept.add(key);
    this.changed.fire();
  }

  /** Resolves when no review is pending any more, or on `signal`'s abort. */
  idle(signal: AbortSignal): Promise<void> {
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

  start(toolName: string, proposal: Proposal, settle: (answer: ApprovalAnswer) => void): LiveReview {
    // One request is asked at a time (the approval queue); a leftover review is denied, not leaked.
    this.reject();
    const id = String(++this.next);
    const name = proposal.name.replace(/[/\\]/g, '_');
    const review: LiveReview = {
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

  /** Ends the review (its tab and files are the editor's to close). */
  end(review: LiveReview): void {
    if (this.current === review) {
      this.current = undefined;
      void vscode.commands.executeCommand('setContext', REVIEW_PENDING_CONTEXT, false);
    }
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
