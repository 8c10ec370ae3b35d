/**
 * What the permission gate (core/engines/tools/permissionGate.ts) asks and is answered: the deciders that
 * rule on a call, the prompt the user sees, the user's answer, and where accepted suggestions go.
 */
import type { AssistantMessage } from '../base/messages';
import type { PermissionDecision, PermissionDecisionReason, PermissionResult, PermissionUpdate } from './permissions';
import type { AnyTool } from './tool';
import type { ToolUseContext } from './toolUseContext';

export type PermissionDecider = (tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext) => Promise<PermissionResult>;

export interface PermissionPrompt {
  tool: AnyTool;
  input: Record<string, unknown>;
  toolUseId: string;
  message: string;
  suggestions?: PermissionUpdate[];
  decisionReason?: PermissionDecisionReason;
  assistantMessage: AssistantMessage;
  /** The sub-agent asking, when it is not the main agent: the dialog names it. */
  agent?: { agentType: string; description: string };
}

/**
 * The user's answer: allow or deny, never ask. An allow may carry the suggestions the user accepted
 * ("always allow `npm run test:*` in this project"); a deny's message carries any feedback they typed.
 */
export type ApprovalAnswer = PermissionDecision & { permissionUpdates?: PermissionUpdate[] };

/** The Approval port: answered by the user (dialog, diff review). */
export type AskUser = (prompt: PermissionPrompt, context: ToolUseContext) => Promise<ApprovalAnswer>;

/** Applies accepted suggestions to the session and persists the ones meant for settings files. */
export type PermissionUpdateSink = (updates: PermissionUpdate[], context: ToolUseContext) => Promise<void>;
