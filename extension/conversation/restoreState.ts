/**
 * A resumed session gets back the state its tools' calls built (docs/ARCHITECTURE.md, Work list): each
 * finished call of the transcript whose result was not an error goes, in order, through its tool's
 * `restoreState` (the todo list, the work list). Nothing here knows which tools those are. Calls made by
 * sub-agents are not in the main transcript and are not replayed.
 */
import { toolResultText, type Message } from '../core/base/messages';
import type { AppState, AppStateStore } from '../core/contracts/appState';
import { findToolByName, type Tools } from '../core/contracts/tool';

/** The text of each result, by tool_use id, and the ids whose result was an error. */
function resultsOf(history: readonly Message[]): { texts: Map<string, string>; failed: Set<string> } {
  const texts = new Map<string, string>();
  const failed = new Set<string>();
  for (const m of history) {
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_result') continue;
      if (b.is_error) failed.add(b.tool_use_id);
      else texts.set(b.tool_use_id, b.content === undefined ? '' : toolResultText(b.content));
    }
  }
  return { texts, failed };
}

/** `state` after the transcript's calls are replayed; `key` is the todo list's owner. */
export function restoredState(history: readonly Message[], tools: Tools, key: string, state: AppState): AppState {
  const { texts, failed } = resultsOf(history);
  let next = state;
  for (const m of history) {
    if (m.role !== 'assistant' || typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type !== 'tool_use' || failed.has(b.id)) continue;
      const tool = findToolByName(tools, b.name);
      if (tool?.restoreState) next = tool.restoreState({ input: b.input, result: texts.get(b.id), key }, next);
    }
  }
  return next;
}

/** Replays the transcript into a resumed session's store; a transcript with nothing to replay leaves it alone. */
export function restoreToolState(store: AppStateStore, history: readonly Message[], tools: Tools, key: string): void {
  const before = store.getState();
  const after = restoredState(history, tools, key, before);
  if (after !== before) store.setState(() => after);
}
