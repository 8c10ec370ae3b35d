/**
 * Reading and writing the session's work list from a tool call. Writes go through `setAppStateForTasks`
 * when the context has it: a sub-agent's or teammate's `setAppState` does not reach the session's store,
 * and the work list is shared by every agent of the session.
 */
import type { AppState } from '../../contracts/appState';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { emptyWorkList, type WorkList } from '../../contracts/worklist';

type StateAccess = Pick<ToolUseContext, 'getAppState' | 'setAppState' | 'setAppStateForTasks'>;

export function readWorkList(context: Pick<ToolUseContext, 'getAppState'>): WorkList {
  return (context.getAppState().workList as WorkList | undefined) ?? emptyWorkList();
}

/**
 * Applies `op` to the session's list. `op` runs against the freshest state inside the store's update, and
 * also against `getAppState()` first, so a caller learns the outcome even where the writer is deferred.
 * The outcome returned is the one that was stored when the store ran the update.
 */
export function writeWorkList<R extends { list: WorkList } | { ok: false }>(context: StateAccess, op: (list: WorkList) => R): R {
  let outcome = op(readWorkList(context));
  const write = context.setAppStateForTasks ?? context.setAppState;
  write((prev: AppState) => {
    outcome = op((prev.workList as WorkList | undefined) ?? emptyWorkList());
    return 'list' in outcome ? { ...prev, workList: outcome.list } : prev;
  });
  return outcome;
}
