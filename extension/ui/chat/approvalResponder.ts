/**
 * The Approval port answered by the chat view's inline dialog. Each request is posted to the webview as
 * `permissionRequested` and resolves when an `answerPermission` for it arrives, when the turn is stopped
 * (deny), or when the responder is disposed (deny). Free of `vscode`: previews and warnings come from
 * injected functions, so unit tests drive it with forged answers.
 */
import { capInput } from '../../conversation/toolViews/present';
import { denialMessage, describeDecisionReason, describePermissionUpdate } from '../../core/engines/permissions/describe';
import { cap } from '../../core/base/text/cap';
import { fileDiff } from '../../core/base/text/diff';
import type { ApprovalAnswer, AskUser, PermissionPrompt } from '../../core/contracts/permissionPrompts';
import { destructiveWarningOf } from '../../core/contracts/tool';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import type { HostToWebview, PermissionPreview, PermissionRequest, WebviewToHost } from '../../protocol/messages';
import { approvalVerb, inputFilePath, workspaceRelative } from './approvalWording';

type AnswerMessage = Extract<WebviewToHost, { type: 'answerPermission' }>;

/** A file change the user can review in VS Code's diff editor. */
export interface ProposedChange {
  path: string;
  before: string;
  after: string;
}

export interface ApprovalResponderDeps {
  post: (message: HostToWebview) => void;
  newId: () => string;
  /** Requests in the approval queue, the one on screen included. */
  queued: () => number;
  /** The file's current text; undefined when it does not exist or cannot be read. */
  readFile: (path: string) => Promise<string | undefined>;
  /** Warnings for a Bash command (redirections outside the workspace, unparseable …). */
  bashWarnings?: (command: string, cwd: string) => string[];
  /** Opens the proposed change in a diff editor; absent where there is no editor. */
  openDiff?: (change: ProposedChange, title: string) => Promise<void>;
}

interface Pending {
  request: PermissionRequest;
  prompt: PermissionPrompt;
  change: ProposedChange | undefined;
  settle: (answer: ApprovalAnswer) => void;
}

const USER_ALLOWED = { type: 'other', reason: 'allowed by the user' } as const;

export class WebviewApprovalResponder {
  private current: Pending | undefined;

  constructor(private readonly deps: ApprovalResponderDeps) {}

  /** The request on screen, for the snapshot a reloaded view receives. */
  get pendingRequest(): PermissionRequest | undefined {
    return this.current && { ...this.current.request, waiting: this.waiting() };
  }

  readonly ask: AskUser = async (prompt, context) => {
    const signal = context.abortController.signal;
    const { request, change } = await this.buildRequest(prompt, context);
    if (signal.aborted) return stopped();
    // The queue shows one request at a time; a leftover one (a stray second caller) is denied, not leaked.
    this.resolve(this.current, { behavior: 'deny', message: denialMessage(prompt.tool.name), decisionReason: { type: 'other', reason: 'superseded' } });
    return new Promise<ApprovalAnswer>((resolve) => {
      const onAbort = () => {
        this.resolve(pending, stopped());
      };
      const pending: Pending = {
        request,
        prompt,
        change,
        settle: (answer) => {
          signal.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      };
      this.current = pending;
      signal.addEventListener('abort', onAbort, { once: true });
      this.deps.post({ type: 'permissionRequested', request });
    });
  };

  /** Applies the webview's answer; false when it answers nothing pending (stale or forged). */
  answer(message: AnswerMessage): boolean {
    const pending = this.current;
    if (!pending || pending.request.requestId !== message.requestId) return false;
    const { prompt } = pending;
    // Feedback typed before an allow is a note for the model with the result (acceptFeedback, core/engines/tools/execute.ts).
    const note = message.feedback?.trim();
    const withNote = note ? { acceptFeedback: note } : {};
    if (message.choice === 'allowOnce') {
      return this.resolve(pending, { behavior: 'allow', updatedInput: prompt.input, decisionReason: USER_ALLOWED, ...withNote });
    }
    if (message.choice === 'allowForAgentRun') {
      if (!prompt.agent?.background) return false;
      const decisionReason = { type: 'other', reason: "allowed by the user for the rest of this agent's run" } as const;
      return this.resolve(pending, { behavior: 'allow', updatedInput: prompt.input, decisionReason, allowForAgentRun: true, ...withNote });
    }
    if (message.choice === 'suggestion') {
      const update = message.suggestionIndex === undefined ? undefined : prompt.suggestions?.[message.suggestionIndex];
      if (!update) return false;
      return this.resolve(pending, {
        behavior: 'allow',
        updatedInput: prompt.input,
        decisionReason: { type: 'other', reason: `allowed by the user: ${describePermissionUpdate(update)}` },
        permissionUpdates: [update],
        ...withNote,
      });
    }
    return this.resolve(pending, {
      behavior: 'deny',
      message: denialMessage(prompt.tool.name, message.feedback),
      decisionReason: { type: 'other', reason: 'denied by the user' },
    });
  }

  /** Opens the pending request's proposed file change in the diff editor. */
  async openProposedDiff(requestId: string): Promise<boolean> {
    const pending = this.current;
    if (!pending?.change || pending.request.requestId !== requestId || !this.deps.openDiff) return false;
    const { verb, title, summary } = pending.request;
    await this.deps.openDiff(pending.change, `${verb && summary ? `${verb} ${summary}` : title}: proposed change`);
    return true;
  }

  /** Tells the dialog how many requests wait behind it; call when the queue grows. */
  queueChanged(): void {
    if (this.current) this.deps.post({ type: 'permissionWaiting', requestId: this.current.request.requestId, waiting: this.waiting() });
  }

  /** Denies whatever is pending (the view went away for good). */
  dispose(): void {
    const pending = this.current;
    if (pending) {
      this.resolve(pending, {
        behavior: 'deny',
        message: denialMessage(pending.prompt.tool.name),
        decisionReason: { type: 'other', reason: 'the approval surface was closed' },
      });
    }
  }

  private resolve(pending: Pending | undefined, answer: ApprovalAnswer): boolean {
    if (!pending || this.current !== pending) return false;
    this.current = undefined;
    pending.settle(answer);
    this.deps.post({ type: 'permissionResolved', requestId: pending.request.requestId });
    return true;
  }

  private waiting(): number {
    return Math.max(0, this.deps.queued() - 1);
  }

  private async buildRequest(prompt: PermissionPrompt, context: ToolUseContext): Promise<{ request: PermissionRequest; change: ProposedChange | undefined }> {
    const { tool, input } = prompt;
    const cwd = context.cwd;
    const { preview, change } = await this.preview(prompt, cwd);
    const command = preview.kind === 'bash' ? preview.command : undefined;
    const summary = nullableCap(tool.getToolUseSummary?.(input, { cwd }) ?? null, 2000);
    const verb = approvalVerb(tool, input, summary);
    const destructive = destructiveWarningOf(tool, input, context);
    const fullPath = inputFilePath(input, cwd);
    const request: PermissionRequest = {
      requestId: this.deps.newId(),
      toolUseId: prompt.toolUseId,
      toolName: tool.name,
      title: cap(tool.userFacingName(input), 500),
      ...(verb ? { verb } : {}),
      summary,
      ...(summary && fullPath && fullPath !== summary ? { summaryTitle: cap(fullPath, 4096) } : {}),
      message: cap(prompt.message, 10_000),
      ...(prompt.decisionReason ? { reason: cap(describeDecisionReason(prompt.decisionReason), 2000) } : {}),
      warnings: command !== undefined && this.deps.bashWarnings ? this.deps.bashWarnings(command, cwd).slice(0, 50).map((w) => cap(w, 2000)) : [],
      ...(destructive ? { destructive: cap(destructive, 500) } : {}),
      suggestions: (prompt.suggestions ?? []).slice(0, 10).map((update, index) => ({ index, label: cap(describePermissionUpdate(update), 2000) })),
      preview,
      waiting: this.waiting(),
      ...(prompt.agent ? { agent: requestAgent(prompt.agent) } : {}),
    };
    return { request, change };
  }

  /**
   * A shell tool shows its command; a tool that changes a whole file (Edit, Write) the diff it would make,
   * from the texts as they are (the diff review is what normalises line endings); anything else its input.
   */
  private async preview({ tool, input }: PermissionPrompt, cwd: string): Promise<{ preview: PermissionPreview; change?: ProposedChange }> {
    const generic = { preview: { kind: 'generic', input: capInput(input) } as const };
    const shell = tool.commandPreview?.(input);
    if (shell) {
      const description = shell.description !== undefined ? cap(shell.description, 2000) : undefined;
      return { preview: { kind: 'bash', command: cap(shell.command, 100_000), ...(description ? { description } : {}) } };
    }
    const proposal = await tool.proposeChange?.(input, { cwd, read: this.deps.readFile, keepLineEndings: true });
    if (!proposal?.wholeFile) return generic;
    const diff = fileDiff(proposal.path, proposal.before, proposal.after, proposal.created);
    if (!diff) return generic;
    const { filePath, ...rest } = diff;
    return {
      preview: { kind: 'diff', path: filePath, displayPath: workspaceRelative(filePath, cwd), ...rest, canOpenDiff: !!this.deps.openDiff },
      change: { path: proposal.path, before: proposal.before, after: proposal.after },
    };
  }
}

/** The asking agent as the dialog names it, capped to the protocol's limits. */
function requestAgent(agent: NonNullable<PermissionPrompt['agent']>): NonNullable<PermissionRequest['agent']> {
  const name = agent.name ? { name: cap(agent.name, 200) } : {};
  return { agentType: cap(agent.agentType, 200), description: cap(agent.description, 500), ...name, ...(agent.background ? { background: true } : {}) };
}

function stopped(): ApprovalAnswer {
  return { behavior: 'deny', message: 'Interrupted by user', decisionReason: { type: 'other', reason: 'the turn was stopped' } };
}

function nullableCap(text: string | null, max: number): string | null {
  return text === null ? null : cap(text, max);
}
