/** The header and composer controls' part of the webview state, folded from their host events. */
import type { HostToWebview, SessionListItem, SlashCommand, TaskView } from '../../extension/protocol/messages';

export type ControlEvent = Extract<
  HostToWebview,
  { type: 'permissionModeChanged' | 'modelChanged' | 'modelList' | 'sessionList' | 'fileSuggestions' | 'tasksChanged' | 'commandsChanged' }
>;

export interface ControlState {
  model: string;
  /** The picker's ids; empty until the host's `modelList` (the header then shows MODEL_CHOICES). */
  models: readonly string[];
  permissionMode: string;
  commands: readonly SlashCommand[];
  tasks: readonly TaskView[];
  /** Null until the history list is asked for. */
  sessions: readonly SessionListItem[] | null;
  /** The latest answer to `searchFiles`; the composer ignores answers to older requests. */
  fileSuggestions: { requestId: string; items: readonly { path: string }[] } | null;
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function controlsFromSnapshot(event: Snapshot): ControlState {
  return {
    model: event.model,
    models: [],
    permissionMode: event.permissionMode ?? 'default',
    commands: event.commands ?? [],
    tasks: event.tasks ?? [],
    sessions: null,
    fileSuggestions: null,
  };
}

export function reduceControls<S extends ControlState>(state: S, event: ControlEvent): S {
  switch (event.type) {
    case 'permissionModeChanged':
      return state.permissionMode === event.mode ? state : { ...state, permissionMode: event.mode };
    case 'modelChanged':
      return state.model === event.model ? state : { ...state, model: event.model };
    case 'modelList':
      return { ...state, models: event.models };
    case 'sessionList':
      return { ...state, sessions: event.sessions };
    case 'fileSuggestions':
      return { ...state, fileSuggestions: { requestId: event.requestId, items: event.items } };
    case 'tasksChanged':
      return { ...state, tasks: event.tasks };
    case 'commandsChanged':
      return { ...state, commands: event.commands };
  }
}
