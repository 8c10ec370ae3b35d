/**
 * Entering and leaving plan mode as pure changes of the permission context (docs/ARCHITECTURE.md, Plan
 * mode). EnterPlanMode and ExitPlanMode apply them to AppState, where the engine reads the mode at every
 * call; the session pushes the result on to the window's permission holder (core/loop/query/modeSync.ts).
 */
import type { AppState } from '../../contracts/appState';
import type { PermissionMode, ToolPermissionContext } from '../../contracts/permissions';

/** The session's plan file, inside its private storage folder: ExitPlanMode reads it when called without a plan. */
export const PLAN_FILE_NAME = 'plan.md';

/** Plan mode on, remembering the mode it leaves (a second call keeps the first one's). */
export function enterPlanMode(ctx: ToolPermissionContext): ToolPermissionContext {
  if (ctx.mode === 'plan') return ctx;
  return { ...ctx, mode: 'plan', prePlanMode: ctx.mode };
}

/** Plan mode off, into `mode`; the remembered mode is forgotten. */
export function leavePlanMode(ctx: ToolPermissionContext, mode: PermissionMode): ToolPermissionContext {
  const { prePlanMode: _left, ...rest } = ctx;
  return { ...rest, mode };
}

/** An AppState updater applying `change` to the permission context. */
export function withPermissionContext(change: (ctx: ToolPermissionContext) => ToolPermissionContext): (prev: AppState) => AppState {
  return (prev) => {
    const next = change(prev.toolPermissionContext);
    return next === prev.toolPermissionContext ? prev : { ...prev, toolPermissionContext: next };
  };
}
