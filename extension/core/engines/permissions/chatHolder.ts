/**
 * The permission context of one chat among several (docs/ARCHITECTURE.md, Host and webview: several chats).
 * Rules, directories and the sandbox stay the window's (settings files, "always allow" answers), so every
 * chat sees a change to them; the mode and the mode plan mode left are the chat's own, so plan mode in one
 * tab leaves the chat beside it as it was.
 */
import type { PermissionHolder } from '../../contracts/settings';
import type { PermissionMode, ToolPermissionContext } from '../../contracts/permissions';

export interface ChatPermissionHolder extends PermissionHolder {
  /** Called with the chat's new mode whenever it changes. */
  onModeChanged(listener: (mode: PermissionMode) => void): () => void;
}

/** A holder over `window` whose mode starts as the window's mode now and then changes only through it. */
export function chatPermissionHolder(window: PermissionHolder): ChatPermissionHolder {
  const start = window.current();
  let own: Pick<ToolPermissionContext, 'mode' | 'prePlanMode'> = { mode: start.mode, ...(start.prePlanMode ? { prePlanMode: start.prePlanMode } : {}) };
  const listeners = new Set<(mode: PermissionMode) => void>();
  const current = (): ToolPermissionContext => {
    const { prePlanMode: _windows, ...shared } = window.current();
    return { ...shared, ...own };
  };
  return {
    current,
    update: (f) => {
      const before = own.mode;
      const { mode, prePlanMode, ...shared } = f(current());
      own = { mode, ...(prePlanMode ? { prePlanMode } : {}) };
      // The rest goes back to the window, under the window's own mode.
      window.update((prev) => ({ ...shared, mode: prev.mode, ...(prev.prePlanMode ? { prePlanMode: prev.prePlanMode } : {}) }));
      if (mode !== before) for (const l of listeners) l(mode);
    },
    onModeChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
