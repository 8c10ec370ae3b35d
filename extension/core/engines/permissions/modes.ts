/**
 * What the permission modes mean for one call: `MODE_TABLE` (also in docs/ARCHITECTURE.md, Permissions,
 * "What each mode does"), which the engine consults, and small pure helpers of the engine.
 */
import type { AnyTool } from '../../contracts/tool';
import { EXIT_PLAN_MODE_TOOL_NAME } from '../../contracts/toolNames';
import type { PermissionAskDecision, PermissionDenyDecision, PermissionMode, PermissionResult, PermissionUpdate } from '../../contracts/permissions';

/** The kinds of action the table distinguishes; `actionKindOf` finds one from a tool's own answer. */
export const ACTION_KINDS = [
  /** The tool needs no approval (reads inside the workspace, read-only Bash) or a rule allowed it. */
  'readOnly',
  /** Edit / Write / NotebookEdit inside the workspace. */
  'workspaceEdit',
  /** Bash filesystem commands (mkdir, touch, cp, mv, rm without -r, sed -i, redirections) all inside the workspace. */
  'workspaceCommand',
  /** Other Bash and other tools that change things (npm install, git commit, MCP tools). */
  'otherAction',
  /** A read outside the workspace (Read, Grep, Glob). */
  'outsideRead',
  /** Bash with a warning: sudo, rm -rf of a broad path, curl | sh, eval, unparseable, npm test > out.txt. */
  'commandWarning',
  /** Leaving the workspace: `cd` outside it, a write outside it (Bash or the file tools). */
  'outsideWorkspace',
  /** A protected path: .git/, .vscode/, .idea/, .claude/settings*.json, shell startup files, ~/.ssh. */
  'protectedPath',
  /** A deny rule matches. */
  'denyRule',
  /** An ask rule matches. */
  'askRule',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** What a mode does with an action: run it, ask the user, refuse it, or ask the auto-mode classifier. */
export type ModeOutcome = 'allow' | 'ask' | 'deny' | 'classifier';
/** The modes the table has a column for (`bubble` defers to its parent, or acts as `default`). */
export type TableMode = Exclude<PermissionMode, 'bubble'>;

const row = (d: ModeOutcome, e: ModeOutcome, p: ModeOutcome, n: ModeOutcome, b: ModeOutcome, a: ModeOutcome) =>
  ({ default: d, acceptEdits: e, plan: p, dontAsk: n, bypassPermissions: b, auto: a }) as const satisfies Record<TableMode, ModeOutcome>;

/**
 * What each mode does with each kind of action when no allow rule applies. Allow rules (whole-tool or the
 * tool's own) also run `workspaceEdit`, `workspaceCommand`, `otherAction` and `outsideRead` outside plan
 * mode; they never run `commandWarning`, `outsideWorkspace` or `protectedPath` (safety checks), and deny
 * and ask rules win over every mode. `auto`: the classifier judges (safety checks it may approve are
 * marked `classifierApprovable`); without a classifier `auto` asks. Plan mode denies anything not
 * read-only before looking at the kind, so a read-only call under an ask rule still asks there.
 *
 * Columns:                             default  acceptEdits  plan    dontAsk  bypass   auto
 */
export const MODE_TABLE: Readonly<Record<ActionKind, Readonly<Record<TableMode, ModeOutcome>>>> = {
  readOnly: /*             */ row('allow', 'allow', 'allow', 'allow', 'allow', 'allow'),
  workspaceEdit: /*        */ row('ask', 'allow', 'deny', 'deny', 'allow', 'allow'),
  workspaceCommand: /*     */ row('ask', 'allow', 'deny', 'deny', 'allow', 'allow'),
  otherAction: /*          */ row('ask', 'ask', 'deny', 'deny', 'allow', 'classifier'),
  outsideRead: /*          */ row('ask', 'ask', 'ask', 'deny', 'allow', 'classifier'),
  commandWarning: /*       */ row('ask', 'ask', 'deny', 'deny', 'allow', 'ask'),
  outsideWorkspace: /*     */ row('ask', 'ask', 'deny', 'deny', 'allow', 'ask'),
  protectedPath: /*        */ row('ask', 'ask', 'deny', 'deny', 'ask', 'ask'),
  denyRule: /*             */ row('deny', 'deny', 'deny', 'deny', 'deny', 'deny'),
  askRule: /*              */ row('ask', 'ask', 'deny', 'deny', 'ask', 'ask'),
};

/** The table's answer for `kind` in `mode`. */
export function modeOutcome(mode: PermissionMode, kind: ActionKind): ModeOutcome {
  return MODE_TABLE[kind][mode === 'bubble' ? 'default' : mode];
}

/** True for the kinds acceptEdits exists for (file changes inside the workspace). */
export function isWorkspaceChange(kind: ActionKind | undefined): boolean {
  return kind === 'workspaceEdit' || kind === 'workspaceCommand';
}

/**
 * The table row of a tool's own answer (before whole-tool rules). Undefined for an ask no row describes
 * (a command asking to leave the sandbox), which every mode asks about. A Bash filesystem command without
 * a redirection passes through suggesting acceptEdits, exactly like an edit, and is read as
 * `workspaceEdit`: the two rows must (and do, modeTable.test.ts) give the same answers.
 */
export function actionKindOf(own: PermissionResult, isReadOnly: boolean): ActionKind | undefined {
  if (own.behavior === 'allow') return 'readOnly';
  if (own.behavior === 'deny') return 'denyRule';
  const reason = own.decisionReason;
  if (reason?.type === 'sandboxOverride') return undefined;
  if (reason?.type === 'rule' && reason.rule.ruleBehavior === 'ask' && own.behavior === 'ask') return 'askRule';
  const suggestsAcceptEdits = own.suggestions?.some((u) => u.type === 'setMode' && u.mode === 'acceptEdits') ?? false;
  if (reason?.type === 'safetyCheck' && own.behavior === 'ask') {
    switch (reason.concern) {
      case 'workspaceWrite':
        return suggestsAcceptEdits ? 'workspaceCommand' : 'commandWarning';
      case 'outsideWorkspace':
      case 'commandWarning':
        return reason.concern;
      default:
        return 'protectedPath';
    }
  }
  if (suggestsAcceptEdits) return 'workspaceEdit';
  return isReadOnly ? 'outsideRead' : 'otherAction';
}

/**
 * The contract between file tools and the engine: a tool whose ask (or passthrough) suggests
 * `setMode acceptEdits` says "this is a file change inside the workspace, acceptEdits covers it". Asks
 * from a safety check or an ask rule are never covered, even if they carry that suggestion, except a
 * Bash command whose safety check is only about writing inside the workspace (concern `workspaceWrite`).
 */
export function acceptEditsCovers(own: PermissionResult): boolean {
  if (own.behavior !== 'ask' && own.behavior !== 'passthrough') return false;
  return isWorkspaceChange(actionKindOf(own, false));
}

/**
 * Asks no allow rule may skip: safety checks (protected paths, dangerous or unparseable commands, leaving
 * the workspace), ask rules, and a command asking to leave the sandbox. Which modes still run them is the
 * table's business (`safetyCheckFinal`).
 */
export function isBypassImmune(own: PermissionResult): boolean {
  const reason = own.decisionReason;
  if (own.behavior !== 'ask' || !reason) return false;
  return reason.type === 'safetyCheck' || reason.type === 'sandboxOverride' || (reason.type === 'rule' && reason.rule.ruleBehavior === 'ask');
}

/**
 * True when the tool's bypass-immune ask is the final answer in `mode` (it still goes through `dontAsk`'s
 * and the no-prompt contexts' ask-to-deny): false only where the table lets the mode run that kind
 * (a workspace write in acceptEdits, anything but a protected path or ask rule in bypassPermissions).
 */
export function safetyCheckFinal(own: PermissionResult, mode: PermissionMode): boolean {
  if (!isBypassImmune(own)) return false;
  const kind = actionKindOf(own, false);
  return kind === undefined || modeOutcome(mode, kind) !== 'allow';
}

/** Plan mode runs read-only tools only; the message tells the model what to do instead. */
export function planModeDenial(tool: AnyTool): PermissionDenyDecision {
  return {
    behavior: 'deny',
    message: `Plan mode is on: ${tool.name} would change something, and only read-only tools run while planning. Keep researching with read-only tools; when the plan is ready, call ${EXIT_PLAN_MODE_TOOL_NAME} with it so the user can approve it and pick the mode to carry it out in. Do not try to make the change another way.`,
    decisionReason: { type: 'mode', mode: 'plan' },
  };
}

/**
 * An ask with the tool's suggestions, or, when it offered none at all, "always allow <Tool> in this
 * project". A tool that returns an empty list (Bash for `node -e …`) means no rule is safe to suggest.
 */
export function withSuggestions(ask: PermissionAskDecision, tool: AnyTool): PermissionAskDecision {
  if (ask.suggestions !== undefined) return ask;
  const suggestions: PermissionUpdate[] = [{ type: 'addRules', rules: [{ toolName: tool.name }], behavior: 'allow', destination: 'localSettings' }];
  return { ...ask, suggestions };
}
