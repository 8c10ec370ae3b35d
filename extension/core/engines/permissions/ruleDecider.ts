/**
 * A thin wrapper over the permission engine for callers that hold a fixed list of rules and a mode (the
 * unit tests; the headless CLI instead puts its `--allowedTools` / `--disallowedTools` into the session's
 * context as `cliArg` rules, core/engines/permissions/settings.ts). The rules join whatever the session's
 * permission context already holds, under `source`; rules with content (`Bash(npm:*)`) are matched by
 * their tool, as everywhere in the engine.
 */
import type { PermissionDecider } from '../../contracts/permissionPrompts';
import { createPermissionEngine } from './engine';
import { permissionRuleValueToString } from './ruleValue';
import type { PermissionMode, PermissionRule, PermissionRuleValue, ToolPermissionContext } from '../../contracts/permissions';

export interface RuleDeciderOptions {
  mode: PermissionMode;
  allow: readonly PermissionRuleValue[];
  deny: readonly PermissionRuleValue[];
  source: PermissionRule['source'];
}

export function createRuleDecider(opts: RuleDeciderOptions): PermissionDecider {
  const allow = opts.allow.map(permissionRuleValueToString);
  const deny = opts.deny.map(permissionRuleValueToString);
  const add = (rules: ToolPermissionContext['alwaysAllowRules'], extra: string[]): ToolPermissionContext['alwaysAllowRules'] => ({
    ...rules,
    [opts.source]: [...(rules[opts.source] ?? []), ...extra],
  });
  return createPermissionEngine({
    getPermissionContext: (context) => {
      const base = context.getAppState().toolPermissionContext;
      return { ...base, mode: opts.mode, alwaysAllowRules: add(base.alwaysAllowRules, allow), alwaysDenyRules: add(base.alwaysDenyRules, deny) };
    },
    askHint: (tool) => `Allow it with --allowedTools "${tool.name}" or another permission mode.`,
  });
}
