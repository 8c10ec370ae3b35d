/**
 * The permission engine (docs/ARCHITECTURE.md, Permissions): one `PermissionDecider` for every tool call. It reads the
 * permission context from AppState at each call, so a rule or mode change applies to the next call.
 *
 * Order, first answer wins:
 *  1. `bubble` mode: the parent decider decides, or else the parent's rules and mode with what the user allowed
 *     for the rest of this agent's run (bubble.ts); the agent's asks go to the parent's dialog.
 *  2. Whole-tool deny rule (`Bash`, `mcp__server`) → deny.
 *  3. The tool's own `checkPermissions` (content rules, path rules, path safety): deny → deny. Then plan
 *     mode denies what is not read-only. Then an ask for a safety check or an ask rule → ask, which no
 *     allow rule overrides and only the modes `MODE_TABLE` (modes.ts) lets run that kind of check skip.
 *  4. Whole-tool ask rule → ask (also in bypassPermissions).
 *  5. The mode runs this kind of action (`MODE_TABLE`) → allow: bypassPermissions anything that got here,
 *     acceptEdits (and auto) a file change inside the workspace (the tool's ask suggests
 *     `setMode acceptEdits`: an edit, or a Bash filesystem command with every target inside).
 *  6. Whole-tool allow rule → allow; the tool's own allow → allow.
 *  7. (merged into 5)
 *  8. auto with a classifier (classifier.ts) → the classifier allows; its block asks, or denies where no one
 *     can be asked; after repeated denials (denials.ts) the user is asked without consulting it.
 *  9. Ask the user, with suggestions; dontAsk and contexts that must not prompt deny instead.
 */
import type { PermissionDecider } from '../../contracts/permissionPrompts';
import { destructiveWarningOf, type AnyTool } from '../../contracts/tool';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { bubbledContext } from './bubble';
import { describeDecisionReason } from './describe';
import { canPromptUser, shouldFallBackToAsking } from './denials';
import { actionKindOf, modeOutcome, planModeDenial, safetyCheckFinal, withSuggestions } from './modes';
import { wholeToolRule } from './rules';
import type { PermissionDecisionReason, PermissionResult, PermissionRule, PermissionAskDecision, PermissionBehavior, ToolPermissionContext } from '../../contracts/permissions';

/** What an `auto`-mode classifier says about one call. */
export interface ClassifierVerdict {
  allow: boolean;
  reason: string;
}

export type PermissionClassifier = (tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext) => Promise<ClassifierVerdict>;

export interface PermissionEngineOptions {
  /** Where the rules and mode come from; defaults to `context.getAppState().toolPermissionContext`. */
  getPermissionContext?: (context: ToolUseContext) => ToolPermissionContext;
  /** `bubble` mode delegates the whole decision here (the parent agent's engine). */
  parentDecider?: PermissionDecider;
  /** `auto` mode's classifier; without one, `auto` asks like `default`. */
  classifier?: PermissionClassifier;
  /** Appended to ask messages, e.g. how to allow the tool from the command line. */
  askHint?: (tool: AnyTool) => string;
  /** auto mode: how long the gate waits for the classifier before showing the dialog (default 1500 ms). */
  classifierDialogAfterMs?: number;
}

const CLASSIFIER_DIALOG_AFTER_MS = 1500;

const CLASSIFIER_NAME = 'auto-mode';

function ruleOfTool(permissions: ToolPermissionContext, tool: AnyTool, behavior: PermissionBehavior): PermissionRule | undefined {
  for (const name of [tool.name, ...(tool.aliases ?? [])]) {
    const rule = wholeToolRule(permissions, name, behavior);
    if (rule) return rule;
  }
  return undefined;
}

export function createPermissionEngine(opts: PermissionEngineOptions = {}): PermissionDecider {
  const read = opts.getPermissionContext ?? ((context: ToolUseContext) => context.getAppState().toolPermissionContext);

  return async function decide(tool, input, context): Promise<PermissionResult> {
    const permissions = read(context);
    const mode = permissions.mode;
    if (mode === 'bubble') {
      if (opts.parentDecider) return opts.parentDecider(tool, input, context);
      // A background agent's call, decided as its parent would (bubble.ts); what asks goes to the parent's dialog.
      const asParent = bubbledContext(context);
      if (asParent) return decide(tool, input, asParent);
    }

    const denyRule = ruleOfTool(permissions, tool, 'deny');
    if (denyRule) {
      const decisionReason = { type: 'rule', rule: denyRule } as const;
      return { behavior: 'deny', message: `${tool.name} is denied by a rule (${describeDecisionReason(decisionReason)}).`, decisionReason };
    }

    const own = await tool.checkPermissions(input, context);
    if (own.behavior === 'deny') return own;
    // Before any ask: while planning, nothing that changes things runs, so there is nothing to ask about;
    // only the session's own bookkeeping (its todo list, its work list, its mode) may change.
    if (mode === 'plan' && !tool.isReadOnly(input) && tool.sessionStateOnly !== true) return planModeDenial(tool);

    const finish = (ask: PermissionAskDecision) => finishAsk(ask, permissions, () => destructiveWarningOf(tool, input, context));
    const ownAsk = (decisionReason: PermissionDecisionReason) => askFromToolAnswer(tool, own, decisionReason);

    if (safetyCheckFinal(own, mode)) {
      const approvable = own.decisionReason?.type === 'safetyCheck' && own.decisionReason.classifierApprovable;
      if (!(mode === 'auto' && approvable && opts.classifier)) return finish(ownAsk(own.decisionReason!));
    }

    const askRule = ruleOfTool(permissions, tool, 'ask');
    if (askRule) return finish(ownAsk({ type: 'rule', rule: askRule }));

    const kind = actionKindOf(own, tool.isReadOnly(input));
    if (kind !== undefined && kind !== 'readOnly' && modeOutcome(mode, kind) === 'allow') {
      return { behavior: 'allow', updatedInput: updatedInputOf(own, input), decisionReason: { type: 'mode', mode } };
    }

    const allowRule = ruleOfTool(permissions, tool, 'allow');
    if (allowRule) return { behavior: 'allow', updatedInput: updatedInputOf(own, input), decisionReason: { type: 'rule', rule: allowRule } };
    if (own.behavior === 'allow') return { ...own, updatedInput: own.updatedInput ?? input, decisionReason: own.decisionReason ?? { type: 'other', reason: `${tool.name} needs no approval for this` } };

    if (mode === 'auto' && opts.classifier) {
      const showAfterMs = opts.classifierDialogAfterMs ?? CLASSIFIER_DIALOG_AFTER_MS;
      return decideByClassifier({ classifier: opts.classifier, tool, input, context, permissions, allowedInput: updatedInputOf(own, input), ownAsk, finish, showAfterMs });
    }

    const ask = ownAsk(own.decisionReason ?? { type: 'mode', mode });
    const hint = opts.askHint?.(tool);
    if (hint) ask.message = `${ask.message} ${hint}`;
    return finish(withSuggestions(ask, tool));
  };
}

/**
 * Turns an ask into the final answer: a prompt, or a denial where nobody may be prompted, which names what a
 * destructive call would have destroyed (`destructive`, asked only then).
 */
function finishAsk(ask: PermissionAskDecision, permissions: ToolPermissionContext, destructive: () => string | undefined): PermissionResult {
  const mode = permissions.mode;
  const warned = (text: string) => {
    const warning = destructive();
    return warning ? `${text} ${warning}.` : text;
  };
  if (mode === 'dontAsk') {
    return { behavior: 'deny', message: warned(`${ask.message} Denied: permission mode dontAsk never prompts, and no rule allows this.`), decisionReason: { type: 'mode', mode } };
  }
  if (permissions.shouldAvoidPermissionPrompts) {
    return {
      behavior: 'deny',
      message: warned(`${ask.message} Denied: permission prompts are not available here.`),
      decisionReason: { type: 'asyncAgent', reason: ask.decisionReason ? describeDecisionReason(ask.decisionReason) : 'no one can answer a prompt' },
    };
  }
  return ask;
}

/** The ask for this call, in the tool's own words (message, suggestions, blocked path, input) where it gave them. */
function askFromToolAnswer(tool: AnyTool, own: Exclude<PermissionResult, { behavior: 'deny' }>, decisionReason: PermissionDecisionReason): PermissionAskDecision {
  return {
    behavior: 'ask',
    message: own.behavior === 'allow' ? `Use ${tool.name}?` : own.message,
    decisionReason,
    ...(own.behavior !== 'allow' && own.suggestions ? { suggestions: own.suggestions } : {}),
    ...(own.behavior === 'ask' && own.blockedPath ? { blockedPath: own.blockedPath } : {}),
    ...(own.behavior !== 'passthrough' && own.updatedInput ? { updatedInput: own.updatedInput } : {}),
  };
}

/** What step 8 needs from the call being decided. */
interface ClassifierStep {
  classifier: PermissionClassifier;
  tool: AnyTool;
  input: Record<string, unknown>;
  context: ToolUseContext;
  permissions: ToolPermissionContext;
  /** The input to run with when allowed. */
  allowedInput: Record<string, unknown>;
  ownAsk: (decisionReason: PermissionDecisionReason) => PermissionAskDecision;
  finish: (ask: PermissionAskDecision) => PermissionResult;
  /** See `PendingClassifierCheck.showAfterMs`. */
  showAfterMs: number;
}

/**
 * Step 8: the classifier allows; its block asks, or denies where no one can be asked. Where someone can be
 * asked, the answer is an ask carrying the classifier's pending decision (`pendingClassifierCheck`), so a
 * slow classifier never leaves the user without a dialog; permissionGate.ts settles the race.
 */
async function decideByClassifier(step: ClassifierStep): Promise<PermissionResult> {
  const { tool, context, permissions, ownAsk, finish } = step;
  const tracking = context.localDenialTracking;
  // After repeated denials the user decides without the classifier's say, even where it would allow.
  if (shouldFallBackToAsking(context, permissions)) {
    const reason = `not consulted after ${tracking.consecutiveDenials} denials in a row (${tracking.totalDenials} in all), so asking instead`;
    return finish(withSuggestions(ownAsk({ type: 'classifier', classifier: CLASSIFIER_NAME, reason }), tool));
  }
  const decision = classifierDecision(step);
  if (!canPromptUser(context, permissions)) return decision;
  const ask = withSuggestions(ownAsk({ type: 'classifier', classifier: CLASSIFIER_NAME, reason: 'still checking this call' }), tool);
  const message = `The auto-mode classifier is still checking this ${tool.name} call; it runs by itself if the classifier allows it. ${ask.message}`;
  return { ...ask, message, pendingClassifierCheck: { classifier: CLASSIFIER_NAME, decision, showAfterMs: step.showAfterMs } };
}

/** The classifier's verdict as a decision: allow, or (blocked) an ask, or a deny where no one can be asked. */
async function classifierDecision(step: ClassifierStep): Promise<PermissionResult> {
  const { tool, context, permissions, ownAsk, finish } = step;
  const verdict = await classify(step.classifier, tool, step.input, context);
  if (verdict.allow) return { behavior: 'allow', updatedInput: step.allowedInput, decisionReason: { type: 'classifier', classifier: CLASSIFIER_NAME, reason: verdict.reason } };
  const decisionReason = { type: 'classifier', classifier: CLASSIFIER_NAME, reason: `blocked it: ${verdict.reason}` } as const;
  // A block is not a denial: whoever can be asked decides; only where no one can is it refused.
  if (!canPromptUser(context, permissions)) {
    const destructive = destructiveWarningOf(tool, step.input, context);
    const warned = destructive ? ` ${destructive}.` : '';
    return { behavior: 'deny', message: `${tool.name} was blocked by the auto-mode classifier: ${verdict.reason}.${warned} Try a safer way, or ask the user.`, decisionReason };
  }
  const ask = ownAsk(decisionReason);
  return finish(withSuggestions({ ...ask, message: `The auto-mode classifier blocked this ${tool.name} call: ${verdict.reason}. ${ask.message}` }, tool));
}

/** The classifier's verdict; one that throws blocks (never allows) with the error as its reason. */
async function classify(classifier: PermissionClassifier, tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext): Promise<ClassifierVerdict> {
  try {
    return await classifier(tool, input, context);
  } catch (err) {
    return { allow: false, reason: `the classifier failed (${err instanceof Error ? err.message : String(err)})` };
  }
}

function updatedInputOf(own: PermissionResult, input: Record<string, unknown>): Record<string, unknown> {
  return own.behavior !== 'passthrough' && own.behavior !== 'deny' && own.updatedInput ? own.updatedInput : input;
}
