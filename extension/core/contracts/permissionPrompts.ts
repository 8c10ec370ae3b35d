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
  /**
   * The sub-agent asking, when it is not the main agent: the dialog names it. `background` is set for a background
   * agent or teammate (`bubble` mode), whose dialog also offers "allow for the rest of this agent's run"; `name`
   * is a teammate's.
   */
  agent?: { agentType: string; description: string; name?: string; background?: boolean };
}

/**
 * The user's answer: allow or deny, never ask. An allow may carry the suggestions the user accepted
 * ("always allow `npm run test:*` in this project"); a deny's message carries any feedback they typed.
 */
export type ApprovalAnswer = PermissionDecision & {
  permissionUpdates?: PermissionUpdate[];
  /** An allow for the rest of the asking background agent's run (its tool, that agent only: core/engines/permissions/bubble.ts). */
  allowForAgentRun?: boolean;
};

/** The Approval port: answered by the user (dialog, diff review). */
export type AskUser = (prompt: PermissionPrompt, context: ToolUseContext) => Promise<ApprovalAnswer>;

/** Applies accepted suggestions to the session and persists the ones meant for settings files. */
export type PermissionUpdateSink = (updates: PermissionUpdate[], context: ToolUseContext) => Promise<void>;
