/**
 * Reading rules out of a `ToolPermissionContext`. The engine matches whole-tool rules (`Bash`,
 * `mcp__server`); rules with content (`Bash(npm:*)`, `Read(src/**)`) mean something only to their tool, so
 * each tool's `checkPermissions` asks for its own contents here and matches them its own way.
 */
import { permissionRuleValueFromString } from './ruleValue';
import {
  PERMISSION_RULE_SOURCES,
  type PermissionBehavior,
  type PermissionRule,
  type PermissionRuleSource,
  type ToolPermissionContext,
} from '../../contracts/permissions';

function listFor(context: ToolPermissionContext, behavior: PermissionBehavior): Readonly<{ [S in PermissionRuleSource]?: readonly string[] }> {
  if (behavior === 'allow') return context.alwaysAllowRules;
  if (behavior === 'deny') return context.alwaysDenyRules;
  return context.alwaysAskRules;
}

/** Every rule of one behaviour, parsed, highest-precedence source first (session before local before user). */
export function rulesFor(context: ToolPermissionContext, behavior: PermissionBehavior): PermissionRule[] {
  const bySource = listFor(context, behavior);
  const out: PermissionRule[] = [];
  for (const source of [...PERMISSION_RULE_SOURCES].reverse() as PermissionRuleSource[]) {
    for (const text of bySource[source] ?? []) {
      out.push({ source, ruleBehavior: behavior, ruleValue: permissionRuleValueFromString(text) });
    }
  }
  return out;
}

/** Rules with content for `toolName` (`Bash(npm:*)` → content `npm:*`), keyed by content; first source wins. */
export function ruleContentsForTool(
  context: ToolPermissionContext,
  toolName: string,
  behavior: PermissionBehavior,
): Map<string, PermissionRule> {
  const out = new Map<string, PermissionRule>();
  for (const rule of rulesFor(context, behavior)) {
    const content = rule.ruleValue.ruleContent;
    if (rule.ruleValue.toolName === toolName && content !== undefined && !out.has(content)) out.set(content, rule);
  }
  return out;
}

/**
 * The whole-tool rule that covers `toolName`, if any: `Tool` itself, or for MCP tools the server rule
 * `mcp__server` (and `mcp__server__*`) covering `mcp__server__tool`.
 */
export function wholeToolRule(
  context: ToolPermissionContext,
  toolName: string,
  behavior: PermissionBehavior,
): PermissionRule | undefined {
  return rulesFor(context, behavior).find((rule) => {
    if (rule.ruleValue.ruleContent !== undefined) return false;
    const name = rule.ruleValue.toolName;
    if (name === toolName) return true;
    if (!toolName.startsWith('mcp__')) return false;
    const server = name.endsWith('__*') ? name.slice(0, -3) : name;
    return server.startsWith('mcp__') && server.split('__').length === 2 && toolName.startsWith(`${server}__`);
  });
}
