/**
 * A first permission decider: deny rules → the tool's own check → mode → allow rules → ask.
 * The permission engine (core/permissions, the "Bash and permissions" issue) replaces it with rule
 * sources, path safety and Bash analysis; the order and the reasons stay.
 */
import type { PermissionDecider } from '../tool/permissionGate';
import type { AnyTool } from '../tool/Tool';
import type { PermissionMode, PermissionResult, PermissionRule, PermissionRuleValue } from './types';

export interface RuleDeciderOptions {
  mode: PermissionMode;
  allow: readonly PermissionRuleValue[];
  deny: readonly PermissionRuleValue[];
  source: PermissionRule['source'];
}

/** `Tool` matches every call; `Tool(prefix:*)` / `Tool(exact)` match the tool's classifier input. */
export function ruleMatches(rule: PermissionRuleValue, tool: AnyTool, input: Record<string, unknown>): boolean {
  if (rule.toolName !== tool.name && !(tool.aliases ?? []).includes(rule.toolName)) return false;
  if (rule.ruleContent === undefined) return true;
  const subject = String(tool.toAutoClassifierInput(input) ?? '');
  if (rule.ruleContent.endsWith(':*')) return subject.startsWith(rule.ruleContent.slice(0, -2));
  if (rule.ruleContent.endsWith('*')) return subject.startsWith(rule.ruleContent.slice(0, -1));
  return subject === rule.ruleContent;
}

export function createRuleDecider(opts: RuleDeciderOptions): PermissionDecider {
  const asRule = (ruleValue: PermissionRuleValue, ruleBehavior: 'allow' | 'deny'): PermissionRule => ({
    source: opts.source,
    ruleBehavior,
    ruleValue,
  });
  return async (tool, input, context): Promise<PermissionResult> => {
    const denied = opts.deny.find((r) => ruleMatches(r, tool, input));
    if (denied) {
      return { behavior: 'deny', message: `${tool.name} is denied by a rule.`, decisionReason: { type: 'rule', rule: asRule(denied, 'deny') } };
    }
    const own = await tool.checkPermissions(input, context);
    if (own.behavior === 'deny') return own;
    const readOnly = tool.isReadOnly(input);
    if (opts.mode === 'plan' && !readOnly) {
      return {
        behavior: 'deny',
        message: `Plan mode: ${tool.name} changes things, and only read-only tools run while planning. Present the plan instead.`,
        decisionReason: { type: 'mode', mode: 'plan' },
      };
    }
    if (opts.mode === 'bypassPermissions') return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'mode', mode: opts.mode } };
    const allowed = opts.allow.find((r) => ruleMatches(r, tool, input));
    if (allowed) return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'rule', rule: asRule(allowed, 'allow') } };
    if (own.behavior === 'allow') return own;
    // The tool says acceptEdits covers this call (a file edit inside the workspace).
    const acceptEditsCovers = own.suggestions?.some((u) => u.type === 'setMode' && u.mode === 'acceptEdits') ?? false;
    if (opts.mode === 'acceptEdits' && acceptEditsCovers) {
      return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'mode', mode: 'acceptEdits' } };
    }
    const message = `${tool.name} needs approval (${own.message}). Allow it with --allowedTools "${tool.name}" or another permission mode.`;
    if (opts.mode === 'dontAsk') return { behavior: 'deny', message, decisionReason: { type: 'mode', mode: 'dontAsk' } };
    return { behavior: 'ask', message, ...(own.decisionReason ? { decisionReason: own.decisionReason } : {}) };
  };
}
