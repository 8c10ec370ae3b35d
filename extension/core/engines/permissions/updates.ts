/**
 * Applying `PermissionUpdate`s: to the in-memory permission context (every destination, so an accepted
 * "always allow" applies at once) and to the JSON of a settings file (the destinations that are files).
 * Both are pure; host/node/permissionSettings.ts does the reading and writing.
 */
import { isRecord } from '../../base/isRecord';
import type { PermissionUpdateSink } from '../../contracts/permissionPrompts';
import { permissionRuleValueFromString, permissionRuleValueToString } from './ruleValue';
import type {
  AdditionalWorkingDirectory,
  PermissionBehavior,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
  ToolPermissionContext,
  ToolPermissionRulesBySource,
} from '../../contracts/permissions';

/** The destinations stored in settings files; `session` and `cliArg` live only in memory. */
export const SETTINGS_FILE_DESTINATIONS = ['userSettings', 'projectSettings', 'localSettings'] as const;
export type SettingsFileDestination = (typeof SETTINGS_FILE_DESTINATIONS)[number];

export function isSettingsFileDestination(destination: PermissionUpdateDestination): destination is SettingsFileDestination {
  return (SETTINGS_FILE_DESTINATIONS as readonly string[]).includes(destination);
}

const RULE_KEY = { allow: 'alwaysAllowRules', deny: 'alwaysDenyRules', ask: 'alwaysAskRules' } as const;

/** Same rule however it was spaced: `Bash( ls )` and `Bash(ls)` are one rule. */
function normalizeRule(rule: string): string {
  return permissionRuleValueToString(permissionRuleValueFromString(rule));
}

function unique(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normalizeRule(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withRules(
  ctx: ToolPermissionContext,
  behavior: PermissionBehavior,
  destination: PermissionUpdateDestination,
  change: (current: readonly string[]) => string[],
): ToolPermissionContext {
  const key = RULE_KEY[behavior];
  const bySource: ToolPermissionRulesBySource = { ...ctx[key] } as ToolPermissionRulesBySource;
  bySource[destination] = change(ctx[key][destination] ?? []);
  return { ...ctx, [key]: bySource };
}

/** The context with `update` applied; the input is not changed. */
export function applyPermissionUpdate(ctx: ToolPermissionContext, update: PermissionUpdate): ToolPermissionContext {
  switch (update.type) {
    case 'addRules': {
      const added = update.rules.map(permissionRuleValueToString);
      return withRules(ctx, update.behavior, update.destination, (current) => unique([...current, ...added]));
    }
    case 'replaceRules':
      return withRules(ctx, update.behavior, update.destination, () => unique(update.rules.map(permissionRuleValueToString)));
    case 'removeRules': {
      const removed = new Set(update.rules.map(permissionRuleValueToString));
      return withRules(ctx, update.behavior, update.destination, (current) => current.filter((r) => !removed.has(normalizeRule(r))));
    }
    case 'setMode':
      return { ...ctx, mode: update.mode };
    case 'addDirectories': {
      const dirs = new Map<string, AdditionalWorkingDirectory>(ctx.additionalWorkingDirectories);
      for (const dir of update.directories) if (!dirs.has(dir)) dirs.set(dir, { path: dir, source: update.destination });
      return { ...ctx, additionalWorkingDirectories: dirs };
    }
    case 'removeDirectories': {
      const dirs = new Map<string, AdditionalWorkingDirectory>(ctx.additionalWorkingDirectories);
      for (const dir of update.directories) dirs.delete(dir);
      return { ...ctx, additionalWorkingDirectories: dirs };
    }
  }
}

export function applyPermissionUpdates(ctx: ToolPermissionContext, updates: readonly PermissionUpdate[]): ToolPermissionContext {
  return updates.reduce(applyPermissionUpdate, ctx);
}

type JsonObject = Record<string, unknown>;

function stringList(permissions: JsonObject, key: string, file: string): unknown[] {
  const value = permissions[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`"permissions.${key}" in ${file} is not a list; fix it by hand before saving rules there.`);
  return value;
}

/**
 * The settings file's JSON with `update` applied under `permissions`: every other key is kept as it was,
 * lists are de-duplicated, and a `permissions` block of the wrong shape is refused rather than replaced.
 * `file` only names the file in errors.
 */
export function applyPermissionUpdateToSettings(settings: JsonObject, update: PermissionUpdate, file: string): JsonObject {
  const existing = settings.permissions ?? {};
  if (!isRecord(existing)) throw new Error(`"permissions" in ${file} is not an object; fix it by hand before saving rules there.`);
  const permissions: JsonObject = { ...existing };
  const rulesOf = (rules: readonly PermissionRuleValue[]) => rules.map(permissionRuleValueToString);
  switch (update.type) {
    case 'addRules': {
      const current = stringList(permissions, update.behavior, file);
      const keep = current.filter((r) => typeof r !== 'string');
      permissions[update.behavior] = [...unique([...current.filter((r): r is string => typeof r === 'string'), ...rulesOf(update.rules)]), ...keep];
      break;
    }
    case 'replaceRules':
      stringList(permissions, update.behavior, file);
      permissions[update.behavior] = unique(rulesOf(update.rules));
      break;
    case 'removeRules': {
      const removed = new Set(rulesOf(update.rules));
      permissions[update.behavior] = stringList(permissions, update.behavior, file).filter((r) => typeof r !== 'string' || !removed.has(normalizeRule(r)));
      break;
    }
    case 'setMode':
      permissions.defaultMode = update.mode;
      break;
    case 'addDirectories': {
      const current = stringList(permissions, 'additionalDirectories', file);
      permissions.additionalDirectories = [...current, ...update.directories.filter((d) => !current.includes(d))];
      break;
    }
    case 'removeDirectories':
      permissions.additionalDirectories = stringList(permissions, 'additionalDirectories', file).filter((d) => typeof d !== 'string' || !update.directories.includes(d));
      break;
  }
  return { ...settings, permissions };
}

/**
 * The sink for accepted suggestions (`createCanUseTool(..., { onPermissionUpdates })`): applies them all to
 * the session's permission context at once, then lets `persist` write the ones meant for settings files.
 */
export function createPermissionUpdateSink(persist?: (updates: PermissionUpdate[]) => Promise<unknown>): PermissionUpdateSink {
  return async (updates, context) => {
    context.setAppState((prev) => ({ ...prev, toolPermissionContext: applyPermissionUpdates(prev.toolPermissionContext, updates) }));
    const stored = updates.filter((u) => isSettingsFileDestination(u.destination));
    if (persist && stored.length) await persist(stored);
  };
}
