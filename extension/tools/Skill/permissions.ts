/**
 * Skill's permission check: `Skill(name)` rules match one skill, `Skill(prefix:*)` every skill whose name
 * starts with the prefix (`Skill(git:*)` covers `/git:commit`). Deny, then ask, then allow; without a rule
 * the call passes through to the engine (ask by default), suggesting an allow rule for this skill.
 */
import { describeDecisionReason } from '../../core/engines/permissions/describe';
import { ruleContentsForTool } from '../../core/engines/permissions/rules';
import type { PermissionBehavior, PermissionResult, PermissionRule } from '../../core/contracts/permissions';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { SKILL_TOOL_NAME } from '../../protocol/toolNames';

/** True when the rule content `Skill(content)` covers the skill `name`. */
export function skillRuleMatches(content: string, name: string): boolean {
  const c = content.trim().replace(/^\//, '');
  if (c.endsWith(':*')) return name.startsWith(c.slice(0, -1)) || name === c.slice(0, -2);
  if (c.endsWith('*')) return name.startsWith(c.slice(0, -1));
  return c === name;
}

function findRule(context: ToolUseContext, behavior: PermissionBehavior, name: string): PermissionRule | undefined {
  const rules = ruleContentsForTool(context.getAppState().toolPermissionContext, SKILL_TOOL_NAME, behavior);
  return [...rules.entries()].find(([content]) => skillRuleMatches(content, name))?.[1];
}

export async function checkSkillPermission(name: string, input: Record<string, unknown>, context: ToolUseContext): Promise<PermissionResult> {
  const deny = findRule(context, 'deny', name);
  if (deny) {
    const decisionReason = { type: 'rule', rule: deny } as const;
    return { behavior: 'deny', message: `Loading the skill ${name} has been denied by ${describeDecisionReason(decisionReason)}.`, decisionReason };
  }
  const ask = findRule(context, 'ask', name);
  if (ask) return { behavior: 'ask', message: `Codewright wants to load the skill ${name}.`, decisionReason: { type: 'rule', rule: ask } };
  const allow = findRule(context, 'allow', name);
  if (allow) return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'rule', rule: allow } };
  return {
    behavior: 'passthrough',
    message: `Codewright wants to load the skill ${name}.`,
    suggestions: [{ type: 'addRules', rules: [{ toolName: SKILL_TOOL_NAME, ruleContent: name }], behavior: 'allow', destination: 'localSettings' }],
  };
}
