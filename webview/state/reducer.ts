/**
 * The webview's view of the session: a pure reducer over host events. The host owns the truth; the
 * webview only folds the snapshot it receives after `ready` and the deltas that follow.
 */
import type { ChatEntry, HostToWebview, PermissionRequest, QueuedPromptView, SetupState, Usage } from '../../extension/protocol/messages';
import { controlsFromSnapshot, reduceControls, type ControlState } from './controls';
import { checkpointsFromSnapshot, reduceCheckpoints, type CheckpointState } from './checkpoints';
import { questionsFromSnapshot, reduceQuestions, type QuestionState } from './questions';
import { reduceEntries } from './entries';
import { plansFromSnapshot, reducePlans, type PlanState } from './plans';
import { panelsFromSnapshot, reducePanels, type PanelState } from './panels';
import { reduceWorkList, workListFromSnapshot, type WorkListState } from './workList';
import { elicitationsFromSnapshot, reduceElicitations, type ElicitationState } from './elicitations';

/** What the webview knows. `loading` until the first `sessionSnapshot` arrives. */
export type ChatState =
  | { phase: 'loading' }
  | (ControlState &
      CheckpointState & QuestionState & PlanState & WorkListState & PanelState & ElicitationState & {
      phase: 'ready';
      sessionId: string;
      /** Messages and tool uses in conversation order. */
      entries: readonly ChatEntry[];
      busy: boolean;
      setup: SetupState;
      /** A transient line under the conversation ("Retrying in 4 s …"); null when there is none. */
      status: string | null;
      usage: Usage | null;
      /** The tool call waiting for the user's answer; null when nothing asks. */
      permission: PermissionRequest | null;
      /** Prompts the host holds until the running turn ends. */
      queue: readonly QueuedPromptView[];
    });

export const initialChatState: ChatState = { phase: 'loading' };

type ReadyState = Extract<ChatState, { phase: 'ready' }>;

export function reduceChat(state: ChatState, event: HostToWebview): ChatState {
  if (event.type === 'sessionSnapshot') {
    return {
      phase: 'ready',
      sessionId: event.sessionId,
      ...controlsFromSnapshot(event),
      // The model list is not part of a snapshot: one that arrived earlier still holds.
      models: state.phase === 'ready' ? state.models : [],
      ...checkpointsFromSnapshot(event),
      ...questionsFromSnapshot(event),
      ...plansFromSnapshot(event),
      ...workListFromSnapshot(event),
      ...panelsFromSnapshot(event),
      ...elicitationsFromSnapshot(event),
      entries: event.entries,
      busy: event.busy,
      setup: event.setup,
      status: null,
      usage: event.usage ?? null,
      permission: event.pendingPermission ?? null,
      queue: event.queue ?? [],
    };
  }
  // Deltas before the snapshot are dropped: the snapshot the host sends in answer to `ready`
  // already includes them, so applying them too would double them.
  if (state.phase === 'loading') return state;
  return reduceReady(state, event);
}

function reduceReady(state: ReadyState, event: Exclude<HostToWebview, { type: 'sessionSnapshot' }>): ChatState {
  switch (event.type) {
    case 'messageAdded':
    case 'noticeAdded':
    case 'assistantDelta':
    case 'thinkingDelta':
    case 'assistantText':
    case 'toolUseStarted':
    case 'toolProgress':
    case 'toolResult':
    case 'toolStopped':
    case 'toolAgentUpdated':
    case 'messageFinished': {
      const entries = reduceEntries(state.entries, event);
      return entries === state.entries ? state : { ...state, entries };
    }
    case 'status':
    case 'usage':
    case 'busyChanged':
    case 'queueChanged':
    case 'setupChanged':
      return reduceSessionLine(state, event);
    case 'permissionModeChanged':
    case 'modelChanged':
    case 'modelList':
    case 'sessionList':
    case 'fileSuggestions':
    case 'tasksChanged':
    case 'commandsChanged':
      return reduceControls(state, event);
    case 'questionAsked':
    case 'questionResolved':
    case 'todosChanged':
      return reduceQuestions(state, event);
    case 'planApprovalRequested':
    case 'planApprovalResolved':
      return reducePlans(state, event);
    case 'elicitationRequested':
    case 'elicitationResolved':
      return reduceElicitations(state, event);
    case 'insertText':
    case 'promptsReturned':
    case 'focusComposer':
      return state; // the composer takes these straight from the bridge (composerBridge.ts)
    case 'changedFiles':
    case 'composerDraft':
      return reduceCheckpoints(state, event);
    case 'workListChanged':
      return reduceWorkList(state, event);
    case 'panelOpened':
    case 'configProblems':
      return reducePanels(state, event);
    case 'permissionRequested':
    case 'permissionResolved':
    case 'permissionWaiting':
      return reducePermission(state, event);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** The permission dialog: a request shows it, its resolution closes it, `permissionWaiting` says how many more wait behind it. */
function reducePermission(state: ReadyState, event: Extract<HostToWebview, { type: 'permissionRequested' | 'permissionResolved' | 'permissionWaiting' }>): ChatState {
  switch (event.type) {
    case 'permissionRequested':
      return { ...state, permission: event.request };
    case 'permissionResolved':
      return state.permission?.requestId === event.requestId ? { ...state, permission: null } : state;
    case 'permissionWaiting':
      return state.permission?.requestId === event.requestId && state.permission.waiting !== event.waiting
        ? { ...state, permission: { ...state.permission, waiting: event.waiting } }
        : state;
  }
}

/** What the status line, the header and the composer show of the session: status, usage, busy, queue, setup. */
function reduceSessionLine(state: ReadyState, event: Extract<HostToWebview, { type: 'status' | 'usage' | 'busyChanged' | 'queueChanged' | 'setupChanged' }>): ChatState {
  switch (event.type) {
    case 'status':
      return state.status === event.text ? state : { ...state, status: event.text };
    case 'usage':
      return { ...state, usage: event.usage };
    case 'busyChanged':
      return state.busy === event.busy ? state : { ...state, busy: event.busy };
    case 'queueChanged':
      return { ...state, queue: event.queue };
    case 'setupChanged':
      return { ...state, setup: event.setup };
  }
}
