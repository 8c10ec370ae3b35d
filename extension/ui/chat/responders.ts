/**
 * The chat view's halves of two session ports: the inline permission dialog and AskUserQuestion's card.
 * The session asks through them, so they exist before it and before the view they post to; `registerChat`
 * connects the view and reports whether it shows. While it shows, its dialog answers permission requests;
 * otherwise the modal does. Either way a file edit also opens in the diff editor (ui/diffReview).
 */
import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { ApprovalQueue } from '../../core/engines/permissions/approvalQueue';
import { bashWarnings, type ShellParser } from '../../core/engines/permissions/bash';
import type { AskUser } from '../../core/contracts/permissionPrompts';
import type { HostToWebview } from '../../protocol/messages';
import type { DiffReviews } from '../diffReview/diffReviews';
import { WebviewApprovalResponder, type ApprovalResponderDeps, type ProposedChange } from './approvalResponder';
import { WebviewQuestionResponder } from './questionResponder';
import { WebviewPlanResponder } from './planResponder';

export interface ChatResponderDeps extends Pick<ApprovalResponderDeps, 'readFile'> {
  /** Tool calls waiting for the user; the session asks through it. */
  queue: ApprovalQueue;
  /** The diff editor's review, raced against whichever surface answers. */
  reviews: DiffReviews;
  /** The surface that answers while the chat view is hidden. */
  modal: AskUser;
  /** Without the parser, a Bash command's dialog shows no warnings. */
  shellParser: ShellParser | undefined;
  cwd: string;
  /** Opens a proposed change in the editor (ui/editor). */
  openDiff: (change: ProposedChange, title: string) => Promise<void>;
  /** Opens a plan waiting for approval in an editor tab (ui/editor). */
  openPlan?: (id: string, plan: string) => Promise<void>;
}

/** The chat page the responders post to (a `ChatSurface`), and how to bring it into view. */
export interface ChatView {
  post(message: HostToWebview): void;
  reveal(): Promise<void>;
}

export interface ChatResponders {
  readonly approvals: WebviewApprovalResponder;
  readonly questions: WebviewQuestionResponder;
  /** ExitPlanMode's card (docs/ARCHITECTURE.md, Plan mode). */
  readonly plans: WebviewPlanResponder;
  /** The session's `askUser`: asks through the queue and updates the dialog's count of waiting requests. */
  readonly askUser: AskUser;
  /** Connects the view the responders post to. */
  attach(view: ChatView): void;
  /** The view can (true) or cannot (false) show the dialog and the card. */
  setAvailable(available: boolean): void;
}

export function createChatResponders(deps: ChatResponderDeps): ChatResponders {
  const { queue, reviews, modal } = deps;
  let view: ChatView | undefined;
  let visible = false;
  const approvals = new WebviewApprovalResponder({
    post: (m) => view?.post(m),
    newId: randomUUID,
    queued: () => queue.pending.length,
    readFile: deps.readFile,
    bashWarnings: (command, at) =>
      bashWarnings(deps.shellParser, command, {
        cwd: at,
        workspaceRoots: vscode.workspace.workspaceFolders?.map((f) => f.uri.fsPath) ?? [deps.cwd],
        homeDir: os.homedir(),
      }),
    openDiff: deps.openDiff,
  });
  // A question waits in the snapshot while the view is hidden.
  const questions = new WebviewQuestionResponder({
    post: (m) => view?.post(m),
    newId: randomUUID,
    // A hidden chat view cannot show the card: point the user to it.
    onShow: () => {
      if (visible) return;
      void vscode.window.showInformationMessage('Codewright has a question for you.', 'Answer').then((choice) => choice && view?.reveal());
    },
  });
  const plans = createPlanResponder(deps, () => view, () => visible);
  // Which surface asks is decided when a request's turn comes: the dialog while the chat shows, else the modal.
  const inDialog = reviews.wrap(approvals.ask, { dialog: true });
  const inModal = reviews.wrap(modal, { dialog: false });
  queue.setResponder((prompt, ctx) => (visible ? inDialog : inModal)(prompt, ctx));
  return {
    approvals,
    questions,
    plans,
    askUser: (prompt, ctx) => {
      const answer = queue.ask(prompt, ctx);
      approvals.queueChanged();
      return answer;
    },
    attach: (v) => {
      view = v;
    },
    setAvailable: (available) => {
      visible = available;
    },
  };
}

/** The plan card: posts to the view, opens the plan in an editor tab, and points a hidden chat view out. */
function createPlanResponder(deps: ChatResponderDeps, view: () => ChatView | undefined, visible: () => boolean): WebviewPlanResponder {
  return new WebviewPlanResponder({
    post: (m) => view()?.post(m),
    newId: randomUUID,
    onShow: (request) => {
      void deps.openPlan?.(request.requestId, request.plan);
      if (visible()) return;
      void vscode.window.showInformationMessage('Codewright has a plan for you to approve.', 'Review').then((choice) => choice && view()?.reveal());
    },
  });
}
