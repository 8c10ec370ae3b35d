/**
 * The session's mode and model: the window's mode follows a tool that switches it, and each turn and
 * sub-agent learns the model and request settings it runs with.
 */
import type { AppStateStore } from '../../contracts/appState';
import { resolveAgentModel } from '../../engines/models/models';
import { syncModeToHolder } from '../query/modeSync';
import { subAgentModelParams, type TurnModelSettings } from '../query/sessionParams';
import type { AgentSessionDeps, TurnOptions } from './sessionDeps';

/** A tool that switches the mode (plan mode) changes AppState; the window's holder follows. Returns the unsubscribe. */
export function followMode(store: AppStateStore, deps: AgentSessionDeps): () => void {
  return deps.permissions ? syncModeToHolder(store, deps.permissions) : () => {};
}

/** The settings of one turn: a prompt command's model replaces the setting's for it. */
export function turnSettings(deps: AgentSessionDeps, options: TurnOptions): TurnModelSettings {
  const base = deps.settings();
  return options.model ? { ...base, model: resolveAgentModel(options.model, base.model) } : base;
}

/** Resolved for the sub-agent's own model: a Haiku helper never gets an Opus output limit. */
export function subAgentSettings(deps: AgentSessionDeps): (model: string) => ReturnType<typeof subAgentModelParams> {
  return (model) => subAgentModelParams(model, deps.settings());
}
