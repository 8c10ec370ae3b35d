/**
 * The vocabulary of the permission system (docs/ARCHITECTURE.md, Permissions), after Claude Code's `types/permissions.ts`:
 * modes, rules and where they come from, the updates a prompt can suggest, and the result every permission
 * check returns with the reason the UI shows. Only types and small pure helpers live here; the engine that
 * produces the results is engine.ts.
 */
import type { DeepImmutable } from '../base/deepImmutable';

// ---------------------------------------------------------------------------------------------- modes

/** Modes a user can choose (settings, the mode picker); `auto` lets a classifier decide (permissions/classifier.ts). */
export const EXTERNAL_PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto'] as const;
export type ExternalPermissionMode = (typeof EXTERNAL_PERMISSION_MODES)[number];

/** All modes; `bubble` (a sub-agent defers to its parent) is set only by the host. */
export const INTERNAL_PERMISSION_MODES = [...EXTERNAL_PERMISSION_MODES, 'bubble'] as const;
export type PermissionMode = (typeof INTERNAL_PERMISSION_MODES)[number];

/** True for modes a user may pick; settings files and `setMode` updates must not smuggle in internal ones. */
export function isExternalPermissionMode(mode: string): mode is ExternalPermissionMode {
  return (EXTERNAL_PERMISSION_MODES as readonly string[]).includes(mode);
}

// ---------------------------------------------------------------------------------------------- rules

/** What a rule does when it matches. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/**
 * Where rules come from, lowest to highest precedence (docs/ARCHITECTURE.md, Permissions): the four settings
 * layers, then `session`, the session's own rules; `cliArg` and `command` come from how the session or a
 * slash command was started and last as long as it.
 */
export const PERMISSION_RULE_SOURCES = [
  'userSettings',
  'projectSettings',
  'localSettings',
  'vscodeSettings',
  'session',
  'cliArg',
  'command',
] as const;
export type PermissionRuleSource = (typeof PERMISSION_RULE_SOURCES)[number];

/**
 * A rule as written, parsed: `Bash(npm run test:*)` → `{ toolName: 'Bash', ruleContent: 'npm run test:*' }`.
 * No `ruleContent` means the rule covers every use of the tool.
 */
export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

/** A rule with its behaviour and origin, so a decision can say which rule from which file decided it. */
export interface PermissionRule {
  source: PermissionRuleSource;
  ruleBehavior: PermissionBehavior;
  ruleValue: PermissionRuleValue;
}

// -------------------------------------------------------------------------------------------- updates

/** Where an update is persisted; VS Code settings are read-only to the agent, so they are not a destination. */
export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';

/** A change to the permission context, applied when the user accepts a suggestion (e.g. "always allow"). */
export type PermissionUpdate =
  | { type: 'addRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'replaceRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'removeRules'; rules: PermissionRuleValue[]; behavior: PermissionBehavior; destination: PermissionUpdateDestination }
  | { type: 'setMode'; mode: ExternalPermissionMode; destination: PermissionUpdateDestination }
  | { type: 'addDirectories'; directories: string[]; destination: PermissionUpdateDestination }
  | { type: 'removeDirectories'; directories: string[]; destination: PermissionUpdateDestination };

// ------------------------------------------------------------------------------------------- decisions

/** The 11 kinds of reason a permission decision can carry; `describeDecisionReason` renders each for the UI. */
export const PERMISSION_DECISION_REASON_TYPES = [
  'rule',
  'mode',
  'subcommandResults',
  'permissionPromptTool',
  'hook',
  'asyncAgent',
  'sandboxOverride',
  'classifier',
  'workingDir',
  'safetyCheck',
  'other',
] as const;

/**
 * What a safety check is about: a protected path (asks in every mode); a change to files inside the
 * workspace by filesystem commands only (acceptEdits and bypassPermissions run it); leaving the workspace
 * (a `cd` or a write outside it); any other warning about a command (sudo, `rm -rf` of a broad path,
 * `curl | sh`, a command that cannot be parsed, a redirection from a command that is not a filesystem one).
 * The last three ask in `default` whatever the allow rules say, and run in `bypassPermissions`.
 */
export type SafetyConcern = 'protectedPath' | 'workspaceWrite' | 'outsideWorkspace' | 'commandWarning';

/** Why a permission check came out the way it did. */
export type PermissionDecisionReason =
  | { type: 'rule'; rule: PermissionRule }
  | { type: 'mode'; mode: PermissionMode }
  /** A compound Bash command: the result of each sub-command, keyed by its text. */
  | { type: 'subcommandResults'; reasons: Map<string, PermissionResult> }
  | { type: 'permissionPromptTool'; permissionPromptToolName: string; toolResult: unknown }
  | { type: 'hook'; hookName: string; reason?: string }
  | { type: 'asyncAgent'; reason: string }
  | { type: 'sandboxOverride'; reason?: string }
  | { type: 'classifier'; classifier: string; reason: string }
  | { type: 'workingDir'; reason: string }
  /**
   * `classifierApprovable`: an `auto`-mode classifier may still approve what this check flagged.
   * `concern`: what the check is about, which decides the modes that may skip it (modes.ts, `MODE_TABLE`);
   * missing means a protected path, which no mode skips.
   */
  | { type: 'safetyCheck'; reason: string; classifierApprovable?: boolean; concern?: SafetyConcern }
  | { type: 'other'; reason: string };

/** Run the tool, possibly with input the check or the user rewrote. */
export interface PermissionAllowDecision<Input = Record<string, unknown>> {
  behavior: 'allow';
  updatedInput?: Input;
  /** The user edited the input in the prompt; the tool result should say so. */
  userModified?: boolean;
  decisionReason?: PermissionDecisionReason;
  /** Feedback the user typed while accepting, passed on to the model. */
  acceptFeedback?: string;
  /** Appended to the tool's result for the model, e.g. how the user changed a proposed edit (diff review). */
  resultNote?: string;
}

/** Ask the user; `suggestions` become the "always allow" choices of the prompt. */
export interface PermissionAskDecision<Input = Record<string, unknown>> {
  behavior: 'ask';
  message: string;
  updatedInput?: Input;
  decisionReason?: PermissionDecisionReason;
  suggestions?: PermissionUpdate[];
  /** The path that triggered the prompt, so the UI can offer to add its directory. */
  blockedPath?: string;
  /** auto mode: the classifier is still judging this call, and its allow may approve it before the user answers. */
  pendingClassifierCheck?: PendingClassifierCheck;
}

/**
 * An auto-mode classifier request in flight (permissionGate.ts): the gate waits `showAfterMs` for it, then
 * shows the dialog while it goes on; an allow that arrives first withdraws the dialog and runs the call.
 */
export interface PendingClassifierCheck {
  classifier: string;
  /** The answer once the classifier spoke: its allow, or the ask (deny where no one can be asked) its block leads to. Never rejects. */
  decision: Promise<PermissionResult>;
  /** How long the gate waits for the classifier before it shows the dialog. */
  showAfterMs: number;
}

/** Do not run the tool; `message` goes back to the model, so it says what to do instead. */
export interface PermissionDenyDecision {
  behavior: 'deny';
  message: string;
  decisionReason: PermissionDecisionReason;
}

/** A final answer for one tool use. */
export type PermissionDecision<Input = Record<string, unknown>> =
  | PermissionAllowDecision<Input>
  | PermissionAskDecision<Input>
  | PermissionDenyDecision;

/** A tool's own check has no opinion: the general rules and mode decide (they turn it into ask by default). */
export interface PermissionPassthroughResult {
  behavior: 'passthrough';
  message: string;
  decisionReason?: PermissionDecisionReason;
  suggestions?: PermissionUpdate[];
}

/** What `Tool.checkPermissions` and the permission engine return. */
export type PermissionResult<Input = Record<string, unknown>> = PermissionDecision<Input> | PermissionPassthroughResult;

// ---------------------------------------------------------------------------------------------- context

/** Rule strings (`Bash(npm:*)`) per source, as the settings files hold them. */
export type ToolPermissionRulesBySource = { [S in PermissionRuleSource]?: string[] };

/** A directory outside the workspace the user allowed tools to use, and who allowed it. */
export interface AdditionalWorkingDirectory {
  path: string;
  source: PermissionRuleSource;
}

/**
 * Everything a permission check needs. Deeply immutable because it lives in AppState and is shared by
 * concurrent tool calls: changes go through `PermissionUpdate`s and `setAppState`.
 */
export type ToolPermissionContext = DeepImmutable<{
  mode: PermissionMode;
  additionalWorkingDirectories: ReadonlyMap<string, AdditionalWorkingDirectory>;
  alwaysAllowRules: ToolPermissionRulesBySource;
  alwaysDenyRules: ToolPermissionRulesBySource;
  alwaysAskRules: ToolPermissionRulesBySource;
  /** False when policy disabled bypass mode, so the mode picker hides it. */
  isBypassPermissionsModeAvailable: boolean;
  /** Set for background agents and non-interactive runs: nobody can answer a prompt, so ask becomes deny. */
  shouldAvoidPermissionPrompts?: boolean;
  /** The mode EnterPlanMode left, while plan mode is on (docs/ARCHITECTURE.md, Plan mode). */
  prePlanMode?: PermissionMode;
  /** The `sandbox` settings merged from every source (core/engines/sandbox/settings.ts); absent: off. */
  sandbox?: SandboxSettings;
}>;

/** A context with no rules, no extra directories, mode `default`. */
export function getEmptyToolPermissionContext(): ToolPermissionContext {
  return {
    mode: 'default',
    additionalWorkingDirectories: new Map(),
    alwaysAllowRules: {},
    alwaysDenyRules: {},
    alwaysAskRules: {},
    isBypassPermissionsModeAvailable: false,
  };
}

/** The sandbox settings in effect, every source merged. */
export interface SandboxSettings {
  enabled: boolean;
  /** A command that runs sandboxed needs no approval (deny rules, ask rules and safety checks still apply). */
  autoAllowBashIfSandboxed: boolean;
  /** Commands (Bash rule syntax: `docker`, `npm run *`) that run outside the sandbox, through the normal asks. */
  excludedCommands: readonly string[];
  /** False: `dangerouslyDisableSandbox` is ignored and every command runs sandboxed. */
  allowUnsandboxedCommands: boolean;
  enableWeakerNestedSandbox: boolean;
  network: {
    allowedDomains: readonly string[];
    deniedDomains: readonly string[];
    allowUnixSockets: readonly string[];
    allowAllUnixSockets: boolean;
    allowLocalBinding: boolean;
  };
  filesystem: { allowWrite: readonly string[]; denyWrite: readonly string[]; denyRead: readonly string[]; allowRead: readonly string[] };
}
