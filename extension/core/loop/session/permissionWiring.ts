/**
 * The session's permissions: the window's rules and mode copied into AppState where the tools read them, a
 * prompt command's allowed tools for one turn, and the gate every tool call passes.
 */
import type { AppStateStore } from '../../contracts/appState';
import { createPermissionEngine } from '../../engines/permissions/engine';
import { applyPermissionUpdates, createPermissionUpdateSink } from '../../engines/permissions/updates';
import { createCanUseTool } from '../../engines/tools/permissionGate';
import { withCommandRules } from '../commands/commandRules';
import type { AgentSessionDeps, TurnOptions } from './sessionDeps';

/** The window's current rules and mode, into the session's AppState. */
export function pullWindowRules(store: AppStateStore, deps: AgentSessionDeps): void {
  const holder = deps.permissions;
  if (holder) store.setState((prev) => ({ ...prev, toolPermissionContext: holder.current() }));
}

/** The window's rules and mode as the turn starts, plus a prompt command's allowed tools for this turn. */
export function startPermissions(store: AppStateStore, deps: AgentSessionDeps, options: TurnOptions): void {
  pullWindowRules(store, deps);
  if (options.allowedTools?.length) setCommandRules(store, options.allowedTools);
}

export function setCommandRules(store: AppStateStore, rules: readonly string[]): void {
  store.setState((prev) => ({ ...prev, toolPermissionContext: withCommandRules(prev.toolPermissionContext, rules) }));
}

/** The gate: the decider (the permission engine by default), asking the user; accepted "always allow" answers update the window's rules and the settings files. */
export function canUseTool(deps: AgentSessionDeps) {
  const sink = createPermissionUpdateSink(deps.persistPermissionUpdates);
  const holder = deps.permissions;
  return createCanUseTool(deps.decider ?? createPermissionEngine(), deps.askUser, {
    onPermissionUpdates: async (updates, context) => {
      holder?.update((prev) => applyPermissionUpdates(prev, updates));
      await sink(updates, context);
    },
  });
}
