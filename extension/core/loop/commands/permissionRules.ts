/**
 * The permissions panel's rule changes (protocol/panels.ts `addPermissionRule` / `removePermissionRule`) as
 * `PermissionUpdate`s: applied to the window's permission context at once and, for the settings files,
 * written there (host/node/permissionSettings.ts `persistPermissionUpdates`). A rule that does not parse, or
 * one from a source the panel cannot change (VS Code settings, command-line flags), is refused with a reason.
 */
import type { PermissionHolder } from '../../contracts/settings';
import { permissionRuleValueFromString } from '../../engines/permissions/ruleValue';
import { applyPermissionUpdates, isSettingsFileDestination } from '../../engines/permissions/updates';
import type { PermissionBehavior, PermissionUpdate, PermissionUpdateDestination } from '../../contracts/permissions';

export type RuleChange =
  | { type: 'addPermissionRule'; destination: 'userSettings' | 'projectSettings' | 'localSettings' | 'session'; behavior: PermissionBehavior; rule: string }
  | { type: 'removePermissionRule'; source: string; behavior: PermissionBehavior; rule: string };

const EDITABLE: readonly string[] = ['userSettings', 'projectSettings', 'localSettings', 'session'];
/** A tool name: `Bash`, `mcp__server__tool`, `WebFetch`; the content in parentheses is the tool's business. */
const TOOL_NAME = /^[A-Za-z_][\w-]*$/;

export function ruleUpdate(change: RuleChange): { ok: true; update: PermissionUpdate } | { ok: false; message: string } {
  const value = permissionRuleValueFromString(change.rule);
  if (!TOOL_NAME.test(value.toolName)) {
    return { ok: false, message: `"${change.rule}" is not a permission rule: write a tool name, optionally with a pattern, such as Bash(npm run test:*) or Read(src/**).` };
  }
  if (change.type === 'addPermissionRule') {
    return { ok: true, update: { type: 'addRules', rules: [value], behavior: change.behavior, destination: change.destination } };
  }
  if (!EDITABLE.includes(change.source)) {
    return { ok: false, message: `Rules from ${change.source} cannot be removed here; change them where they are set.` };
  }
  return { ok: true, update: { type: 'removeRules', rules: [value], behavior: change.behavior, destination: change.source as PermissionUpdateDestination } };
}

/** Applies a panel change to the window's rules and the settings file it names; resolves with an error message, or undefined when done. */
export async function applyRuleChange(
  change: RuleChange,
  deps: { holder?: PermissionHolder; persist?: (updates: PermissionUpdate[]) => Promise<unknown> },
): Promise<string | undefined> {
  const result = ruleUpdate(change);
  if (!result.ok) return result.message;
  if (isSettingsFileDestination(result.update.destination)) {
    if (!deps.persist) return 'Rules cannot be saved to settings files here.';
    await deps.persist([result.update]);
  }
  deps.holder?.update((prev) => applyPermissionUpdates(prev, [result.update]));
  return undefined;
}
