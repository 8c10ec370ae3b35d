/**
 * The Approval port answered with VS Code's own modal dialog: allow once, one button per suggestion
 * ("Always allow Bash(npm run test:*) in this project"), or deny with feedback for the model. Closing the
 * dialog denies. Answers while the chat view is not showing (the chat's inline dialog answers otherwise, see
 * ui/chat/responders.ts), in the same words (ui/chat/approvalWording.ts); either way the answer is an ApprovalAnswer.
 */
import * as vscode from 'vscode';
import { denialMessage, describeDecisionReason, describePermissionUpdate } from '../../core/engines/permissions/describe';
import type { ApprovalAnswer, AskUser, PermissionPrompt } from '../../core/contracts/permissionPrompts';
import { destructiveWarningOf } from '../../core/contracts/tool';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { describeAskingAgent } from '../../core/engines/permissions/bubble';
import { approvalQuestion, inputFilePath } from '../../ui/chat/approvalWording';

const ALLOW = 'Allow once';
const DENY_WITH_FEEDBACK = 'Deny with feedback…';
/** A background agent's request (bubble mode): this tool for the rest of that agent's run. */
const ALLOW_FOR_RUN = "Allow for the rest of this agent's run";

export { denialMessage };

function promptText(prompt: PermissionPrompt, context: ToolUseContext): { title: string; detail: string } {
  const cwd = context.cwd;
  const summary = prompt.tool.getToolUseSummary?.(prompt.input, { cwd }) ?? null;
  const fullPath = inputFilePath(prompt.input, cwd);
  const where = summary && fullPath && fullPath !== summary ? `\n\nFile: ${fullPath}` : '';
  const reason = prompt.decisionReason ? `\n\nWhy asked: ${describeDecisionReason(prompt.decisionReason)}` : '';
  const agent = prompt.agent ? `\n\n${describeAskingAgent(prompt.agent)}` : '';
  const destructive = destructiveWarningOf(prompt.tool, prompt.input, context);
  return {
    title: `Codewright: ${approvalQuestion(prompt.tool, prompt.tool.userFacingName(prompt.input), prompt.input, summary)}`,
    detail: `${destructive ? `⚠ ${destructive}.\n\n` : ''}${prompt.message}${where}${reason}${agent}`,
  };
}

export const askWithModal: AskUser = async (prompt, context): Promise<ApprovalAnswer> => {
  const { title, detail } = promptText(prompt, context);
  // VS Code shows a handful of buttons well; more suggestions than that are noise in a modal.
  const suggestions = (prompt.suggestions ?? []).slice(0, 2).map((update) => ({ label: describePermissionUpdate(update), update }));
  const answer = await vscode.window.showWarningMessage(
    title,
    { modal: true, detail },
    ALLOW,
    ...suggestions.map((s) => s.label),
    ...(prompt.agent?.background ? [ALLOW_FOR_RUN] : []),
    DENY_WITH_FEEDBACK,
  );
  if (answer === ALLOW) return { behavior: 'allow', updatedInput: prompt.input, decisionReason: { type: 'other', reason: 'allowed by the user' } };
  if (answer === ALLOW_FOR_RUN) {
    return { behavior: 'allow', updatedInput: prompt.input, decisionReason: { type: 'other', reason: "allowed by the user for the rest of this agent's run" }, allowForAgentRun: true };
  }
  const chosen = suggestions.find((s) => s.label === answer);
  if (chosen) {
    return {
      behavior: 'allow',
      updatedInput: prompt.input,
      decisionReason: { type: 'other', reason: `allowed by the user: ${chosen.label}` },
      permissionUpdates: [chosen.update],
    };
  }
  let feedback: string | undefined;
  if (answer === DENY_WITH_FEEDBACK) {
    feedback = await vscode.window.showInputBox({
      title: `Deny ${prompt.tool.name}`,
      prompt: 'What should the agent do instead? (sent to the model)',
      ignoreFocusOut: true,
    });
  }
  return {
    behavior: 'deny',
    message: denialMessage(prompt.tool.name, feedback),
    decisionReason: { type: 'other', reason: 'denied by the user' },
  };
};
