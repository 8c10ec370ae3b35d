/** The checkpoints' part of the webview state: the files the session changed, for the changed-files bar. */
import type { ChangedFileView, HostToWebview } from '../../extension/protocol/messages';

export interface CheckpointState {
  changedFiles: readonly ChangedFileView[];
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;
export type CheckpointEvent = Extract<HostToWebview, { type: 'changedFiles' | 'composerDraft' }>;

export function checkpointsFromSnapshot(event: Snapshot): CheckpointState {
  return { changedFiles: event.changedFiles ?? [] };
}

/** `composerDraft` goes to the composer directly (useComposerDraft), not through the state. */
export function reduceCheckpoints<S extends CheckpointState>(state: S, event: CheckpointEvent): S {
  if (event.type === 'changedFiles') return { ...state, changedFiles: event.files };
  return state;
}
