/**
 * The Approval port's front door. Tool calls that need the user line up here and are shown one at a time,
 * in the order they asked; whichever surface is the current responder (a modal, the chat panel's dialog, a
 * test) answers. With no responder the answer is deny, so nothing runs that nobody approved.
 */
import type { ApprovalAnswer, AskUser, PermissionPrompt } from '../../contracts/permissionPrompts';
import type { ToolUseContext } from '../../contracts/toolUseContext';

export interface PendingApproval {
  readonly prompt: PermissionPrompt;
  readonly enqueuedAt: number;
}

export class ApprovalQueue {
  private responder: AskUser | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly waiting: PendingApproval[] = [];

  constructor(responder?: AskUser) {
    this.responder = responder;
  }

  /** Replaces the responder; the returned function puts the previous one back. */
  setResponder(responder: AskUser | undefined): () => void {
    const previous = this.responder;
    this.responder = responder;
    return () => {
      this.responder = previous;
    };
  }

  /** Requests not yet answered, oldest first (the one being shown included). */
  get pending(): readonly PendingApproval[] {
    return this.waiting;
  }

  /** The `AskUser` to hand to `createCanUseTool`. */
  readonly ask: AskUser = (prompt, context) => {
    const entry: PendingApproval = { prompt, enqueuedAt: Date.now() };
    this.waiting.push(entry);
    const answer = this.tail.then(() => this.answer(prompt, context));
    // The next request waits for this one whatever its outcome.
    this.tail = answer.catch(() => undefined);
    return answer.finally(() => {
      const i = this.waiting.indexOf(entry);
      if (i >= 0) this.waiting.splice(i, 1);
    });
  };

  private async answer(prompt: PermissionPrompt, context: ToolUseContext): Promise<ApprovalAnswer> {
    if (context.abortController.signal.aborted) {
      return { behavior: 'deny', message: 'Interrupted by user', decisionReason: { type: 'other', reason: 'the turn was stopped' } };
    }
    const responder = this.responder;
    if (!responder) {
      return {
        behavior: 'deny',
        message: `Permission to use ${prompt.tool.name} was not granted: nobody is available to approve it.`,
        decisionReason: { type: 'other', reason: 'no approval surface is open' },
      };
    }
    return responder(prompt, context);
  }
}
