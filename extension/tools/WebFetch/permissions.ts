/**
 * WebFetch's permission check, per domain: `WebFetch(domain:example.com)` rules deny, ask or allow a host
 * (core/engines/permissions/domainRules.ts). Without a rule the call passes through to the engine (ask by default),
 * naming the domain and suggesting a rule that allows it.
 */
import { describeDecisionReason } from '../../core/engines/permissions/describe';
import { domainRuleContent, findDomainRule } from '../../core/engines/permissions/domainRules';
import type { PermissionResult } from '../../core/contracts/permissions';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { WEB_FETCH_TOOL_NAME } from '../../protocol/toolNames';

export async function checkWebFetchPermission(hostname: string, input: Record<string, unknown>, context: ToolUseContext): Promise<PermissionResult> {
  const permissions = context.getAppState().toolPermissionContext;
  const deny = findDomainRule(permissions, WEB_FETCH_TOOL_NAME, 'deny', hostname);
  if (deny) {
    const decisionReason = { type: 'rule', rule: deny } as const;
    return { behavior: 'deny', message: `Fetching from ${hostname} has been denied by ${describeDecisionReason(decisionReason)}.`, decisionReason };
  }
  const ask = findDomainRule(permissions, WEB_FETCH_TOOL_NAME, 'ask', hostname);
  const message = `Codewright wants to fetch a page from ${hostname}.`;
  if (ask) return { behavior: 'ask', message, decisionReason: { type: 'rule', rule: ask } };
  const allow = findDomainRule(permissions, WEB_FETCH_TOOL_NAME, 'allow', hostname);
  if (allow) return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'rule', rule: allow } };
  return {
    behavior: 'passthrough',
    message,
    suggestions: [
      { type: 'addRules', rules: [{ toolName: WEB_FETCH_TOOL_NAME, ruleContent: domainRuleContent(hostname) }], behavior: 'allow', destination: 'localSettings' },
    ],
  };
}
