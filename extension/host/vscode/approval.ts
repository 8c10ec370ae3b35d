/**
 * Asks the user whether a tool call may run, with VS Code's own modal dialog. A stand-in until the chat
 * panel's inline permission dialog lands; either way the answer goes back as a PermissionDecision.
 */
import * as vscode from 'vscode';
import { describeDecisionReason } from '../../core/permissions/types';
import type { AskUser } from '../../core/tool/permissionGate';

const ALLOW = 'Allow once';

export const askWithModal: AskUser = async (prompt, context) => {
  const reason = prompt.decisionReason ? `\n\nWhy asked: ${describeDecisionReason(prompt.decisionReason)}` : '';
  const summary = prompt.tool.getToolUseSummary?.(prompt.input, { cwd: context.cwd }) ?? '';
  const answer = await vscode.window.showWarningMessage(
    `Codewright wants to use ${prompt.tool.userFacingName(prompt.input)}${summary ? `: ${summary}` : ''}`,
    { modal: true, detail: `${prompt.message}${reason}` },
    ALLOW,
  );
  if (answer === ALLOW) return { behavior: 'allow', updatedInput: prompt.input, decisionReason: { type: 'other', reason: 'allowed by the user' } };
  return {
    behavior: 'deny',
    message: `The user denied ${prompt.tool.name}. Do not retry it; ask the user how to proceed if needed.`,
    decisionReason: { type: 'other', reason: 'denied by the user' },
  };
};
