/** The MCP elicitation card's part of the webview state (docs/ARCHITECTURE.md, MCP), folded from its host events. */
import type { ElicitationRequest, HostToWebview } from '../../extension/protocol/messages';

export type ElicitationEvent = Extract<HostToWebview, { type: 'elicitationRequested' | 'elicitationResolved' }>;

export interface ElicitationState {
  /** An MCP server's request for input waiting for the user; null when none waits. */
  elicitation: ElicitationRequest | null;
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function elicitationsFromSnapshot(event: Snapshot): ElicitationState {
  return { elicitation: event.pendingElicitation ?? null };
}

export function reduceElicitations<S extends ElicitationState>(state: S, event: ElicitationEvent): S {
  switch (event.type) {
    case 'elicitationRequested':
      return { ...state, elicitation: event.request };
    case 'elicitationResolved':
      return state.elicitation?.requestId === event.requestId ? { ...state, elicitation: null } : state;
  }
}
