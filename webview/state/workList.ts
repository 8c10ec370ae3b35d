/** The work-list panel's part of the webview state (docs/ARCHITECTURE.md, Work list), folded from its host events. */
import type { HostToWebview, WorkItemView } from '../../extension/protocol/messages';

export type WorkListEvent = Extract<HostToWebview, { type: 'workListChanged' }>;

export interface WorkListState {
  /** The session's work list (TaskCreate …), shared by its agents. */
  workList: readonly WorkItemView[];
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function workListFromSnapshot(event: Snapshot): WorkListState {
  return { workList: event.workList ?? [] };
}

export function reduceWorkList<S extends WorkListState>(state: S, event: WorkListEvent): S {
  return { ...state, workList: event.workList };
}
