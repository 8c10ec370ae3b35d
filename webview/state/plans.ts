/** The plan approval card's part of the webview state (docs/ARCHITECTURE.md, Plan mode), folded from its host events. */
import type { HostToWebview, PlanRequest } from '../../extension/protocol/messages';

export type PlanEvent = Extract<HostToWebview, { type: 'planApprovalRequested' | 'planApprovalResolved' }>;

export interface PlanState {
  /** The plan waiting for the user's decision; null when none waits. */
  plan: PlanRequest | null;
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function plansFromSnapshot(event: Snapshot): PlanState {
  return { plan: event.pendingPlan ?? null };
}

export function reducePlans<S extends PlanState>(state: S, event: PlanEvent): S {
  switch (event.type) {
    case 'planApprovalRequested':
      return { ...state, plan: event.request };
    case 'planApprovalResolved':
      return state.plan?.requestId === event.requestId ? { ...state, plan: null } : state;
  }
}
