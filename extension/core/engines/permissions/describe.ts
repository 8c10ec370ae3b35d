/**
 * Human text for permission decisions. The UI shows why a tool ran or was stopped (docs/ARCHITECTURE.md, Permissions), and the
 * same text goes into deny messages the model reads, so it names the rule and the file it came from.
 */
import { permissionRuleValueToString } from './ruleValue';
import type { PermissionDecisionReason, PermissionResult, PermissionRuleSource, PermissionUpdate, PermissionUpdateDestination } from '../../contracts/permissions';

const SOURCE_TEXT: Record<PermissionRuleSource, string> = {
  userSettings: 'user settings (~/.claude/settings.json)',
  projectSettings: 'project settings (.claude/settings.json)',
  localSettings: 'local settings (.claude/settings.local.json)',
  vscodeSettings: 'VS Code settings',
  session: 'this session',
  cliArg: 'command-line arguments',
  command: 'the running command',
};

/** Where a rule came from, e.g. `project settings (.claude/settings.json)`. */
export function describePermissionRuleSource(source: PermissionRuleSource): string {
  return SOURCE_TEXT[source];
}

const BEHAVIOR_TEXT: Record<PermissionResult['behavior'], string> = {
  allow: 'allowed',
  ask: 'needs approval',
  deny: 'denied',
  passthrough: 'needs approval',
};

/** What the kinds of reason that name no rule, hook or classifier are called. */
const SUBJECT_TEXT = {
  asyncAgent: 'background agent',
  sandboxOverride: 'sandbox override',
  workingDir: 'working directory',
  safetyCheck: 'safety check',
} as const;

/** `hook X: reason` when there is a reason, `hook X` otherwise. */
function withReason(subject: string, reason: string | undefined): string {
  return reason ? `${subject}: ${reason}` : subject;
}

/** One line of text for a decision reason, e.g. `rule Bash(npm:*) from project settings (.claude/settings.json)`. */
export function describeDecisionReason(reason: PermissionDecisionReason): string {
  switch (reason.type) {
    case 'rule':
      return `rule ${permissionRuleValueToString(reason.rule.ruleValue)} from ${describePermissionRuleSource(reason.rule.source)}`;
    case 'mode':
      return `permission mode "${modeName(reason.mode)}"`;
    case 'subcommandResults': {
      const parts = [...reason.reasons].map(([command, result]) => `${command} (${BEHAVIOR_TEXT[result.behavior]})`);
      return parts.length > 0 ? `sub-commands: ${parts.join(', ')}` : 'sub-commands: none';
    }
    case 'permissionPromptTool':
      return `permission prompt tool ${reason.permissionPromptToolName}`;
    case 'hook':
      return withReason(`hook ${reason.hookName}`, reason.reason);
    case 'classifier':
      return withReason(`classifier ${reason.classifier}`, reason.reason);
    case 'asyncAgent':
    case 'sandboxOverride':
    case 'workingDir':
    case 'safetyCheck':
      return withReason(SUBJECT_TEXT[reason.type], reason.reason);
    case 'other':
      return reason.reason;
  }
}

const DESTINATION_TEXT: Record<PermissionUpdateDestination, string> = {
  userSettings: 'for all projects',
  projectSettings: 'in this project (shared)',
  localSettings: 'in this project',
  session: 'for this session',
  cliArg: 'for this run',
};

/** What the chat's header, the status bar and the palette call each mode (protocol/controls.ts, kept equal by a unit test). */
export const PERMISSION_MODE_NAMES: Readonly<Record<string, string>> = {
  default: 'Ask before edits',
  acceptEdits: 'Accept edits',
  plan: 'Plan',
  auto: 'Auto',
  bypassPermissions: 'Bypass permissions',
  dontAsk: "Don't ask",
};

/** A mode as the user knows it; an unknown one by its id. */
function modeName(mode: string): string {
  return PERMISSION_MODE_NAMES[mode] ?? mode;
}

/** The label of a suggestion's button, e.g. `Always allow Bash(npm run test:*) in this project`. */
export function describePermissionUpdate(update: PermissionUpdate): string {
  const where = DESTINATION_TEXT[update.destination];
  switch (update.type) {
    case 'addRules': {
      const rules = update.rules.map(permissionRuleValueToString).join(', ');
      const verb = update.behavior === 'allow' ? 'Always allow' : update.behavior === 'deny' ? 'Always deny' : 'Always ask for';
      return `${verb} ${rules} ${where}`;
    }
    case 'replaceRules':
      return `Replace ${update.behavior} rules ${where}`;
    case 'removeRules':
      return `Remove ${update.rules.map(permissionRuleValueToString).join(', ')} ${where}`;
    case 'setMode':
      return `Switch to ${modeName(update.mode)} ${where}`;
    case 'addDirectories':
      return `Allow access to ${update.directories.join(', ')} ${where}`;
    case 'removeDirectories':
      return `Remove access to ${update.directories.join(', ')} ${where}`;
  }
}

/** The model reads this when the user denies a call: what happened and, when given, what they want instead. */
export function denialMessage(toolName: string, feedback?: string): string {
  const base = `The user denied ${toolName}. Do not retry it`;
  return feedback?.trim() ? `${base}. The user said: ${feedback.trim()}` : `${base}; ask the user how to proceed if needed.`;
}
