import { describe, expect, it } from 'vitest';
import { chatPermissionHolder } from '../../../extension/core/engines/permissions/chatHolder';
import type { PermissionHolder } from '../../../extension/core/contracts/settings';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';

function windowHolder(start: Partial<ToolPermissionContext> = {}): PermissionHolder {
  let ctx: ToolPermissionContext = { ...getEmptyToolPermissionContext(), ...start };
  return { current: () => ctx, update: (f) => void (ctx = f(ctx)) };
}

describe('chatPermissionHolder', () => {
  it('starts in the window mode, then keeps its own: the window and a second chat are not moved', () => {
    const window = windowHolder({ mode: 'acceptEdits' });
    const a = chatPermissionHolder(window);
    const b = chatPermissionHolder(window);
    a.update((ctx) => ({ ...ctx, mode: 'plan', prePlanMode: 'acceptEdits' }));
    expect(a.current().mode).toBe('plan');
    expect(a.current().prePlanMode).toBe('acceptEdits');
    expect(b.current().mode).toBe('acceptEdits');
    expect(b.current().prePlanMode).toBeUndefined();
    expect(window.current().mode).toBe('acceptEdits');
  });

  it('shares rules both ways: an "always allow" from a chat and a settings reload of the window', () => {
    const window = windowHolder();
    const a = chatPermissionHolder(window);
    const b = chatPermissionHolder(window);
    a.update((ctx) => ({ ...ctx, alwaysAllowRules: { session: ['Bash(npm test)'] } }));
    expect(b.current().alwaysAllowRules).toEqual({ session: ['Bash(npm test)'] });
    window.update((ctx) => ({ ...ctx, alwaysDenyRules: { userSettings: ['Bash(rm:*)'] } }));
    expect(a.current().alwaysDenyRules).toEqual({ userSettings: ['Bash(rm:*)'] });
    expect(a.current().alwaysAllowRules).toEqual({ session: ['Bash(npm test)'] });
  });

  it('tells its listeners when its own mode changes, not when only rules do', () => {
    const a = chatPermissionHolder(windowHolder());
    const modes: string[] = [];
    a.onModeChanged((m) => modes.push(m));
    a.update((ctx) => ({ ...ctx, alwaysAllowRules: { session: ['Read'] } }));
    a.update((ctx) => ({ ...ctx, mode: 'auto' }));
    expect(modes).toEqual(['auto']);
  });
});
