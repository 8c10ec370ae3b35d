/**
 * The command panels' part of the webview state (docs/ARCHITECTURE.md, Command panels): the panel a
 * `local-jsx` command opened (/permissions, /context, /agents, /mcp, /hooks) and the problems found in
 * the user's `.claude/` setup, folded from their host events and the snapshot.
 */
import type { ConfigProblem, HostToWebview, PanelView } from '../../extension/protocol/messages';

export type PanelEvent = Extract<HostToWebview, { type: 'panelOpened' | 'configProblems' }>;

export interface PanelState {
  /** The open panel; null when none is. Closing is the webview's own doing (it posts `closePanel`). */
  panel: PanelView | null;
  /** What was skipped in the user's setup, each naming its file and line; empty when all is well. */
  configProblems: readonly ConfigProblem[];
}

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export function panelsFromSnapshot(event: Snapshot): PanelState {
  return { panel: event.panel ?? null, configProblems: event.configProblems ?? [] };
}

export function reducePanels<S extends PanelState>(state: S, event: PanelEvent): S {
  switch (event.type) {
    case 'panelOpened':
      return { ...state, panel: event.view };
    case 'configProblems':
      return { ...state, configProblems: event.problems };
  }
}
