/**
 * Tools that switch the permission mode (EnterPlanMode, ExitPlanMode) change the session's AppState, which
 * the engine reads at every call. This pushes such a change on to the window's permission holder, so the
 * header, the palette and the status bar follow it and the next turn starts from it (docs/ARCHITECTURE.md,
 * Plan mode).
 */
import type { PermissionHolder } from '../../contracts/settings';
import type { AppStateStore } from '../../contracts/appState';

/** Subscribes `store`; returns the function that stops the sync. */
export function syncModeToHolder(store: AppStateStore, holder: PermissionHolder): () => void {
  return store.subscribe((state, prev) => {
    const next = state.toolPermissionContext;
    if (next === prev.toolPermissionContext) return;
    if (next.mode === prev.toolPermissionContext.mode && next.prePlanMode === prev.toolPermissionContext.prePlanMode) return;
    const held = holder.current();
    if (held.mode === next.mode && held.prePlanMode === next.prePlanMode) return;
    holder.update((ctx) => {
      const { prePlanMode: _old, ...rest } = ctx;
      return { ...rest, mode: next.mode, ...(next.prePlanMode ? { prePlanMode: next.prePlanMode } : {}) };
    });
  });
}
