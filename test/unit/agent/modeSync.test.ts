/** A mode a tool sets in the session's AppState reaches the window's permission holder (docs/ARCHITECTURE.md, Plan mode). */
import { describe, expect, it } from 'vitest';
import { AgentSession } from '../../../extension/core/loop/session/agentSession';
import { enterPlanMode, leavePlanMode, withPermissionContext } from '../../../extension/core/engines/permissions/planMode';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import type { PermissionHolder } from '../../../extension/core/contracts/settings';
import { agentDeps, ScriptedModel, sequentialIds } from '../support';

function holderAt(mode: ToolPermissionContext['mode']) {
  let current: ToolPermissionContext = { ...getEmptyToolPermissionContext(), mode };
  const updates: ToolPermissionContext[] = [];
  const holder: PermissionHolder = {
    current: () => current,
    update: (f) => {
      current = f(current);
      updates.push(current);
    },
  };
  return { holder, updates };
}

describe('core/loop/query/modeSync', () => {
  it('pushes plan mode and the mode it left to the holder, then the approved mode, keeping the rules', async () => {
    const { holder, updates } = holderAt('acceptEdits');
    holder.update((ctx) => ({ ...ctx, alwaysAllowRules: { session: ['Read'] } }));
    const session = new AgentSession({ ...agentDeps(new ScriptedModel([])), permissions: holder, newId: sequentialIds() });
    session.toolContext(); // syncs the store from the holder: no push back
    expect(updates).toHaveLength(1);
    session.appState.setState(withPermissionContext(enterPlanMode));
    expect(holder.current()).toMatchObject({ mode: 'plan', prePlanMode: 'acceptEdits', alwaysAllowRules: { session: ['Read'] } });
    session.appState.setState(withPermissionContext((ctx) => leavePlanMode(ctx, 'default')));
    expect(holder.current().mode).toBe('default');
    expect(holder.current().prePlanMode).toBeUndefined();
    expect(updates).toHaveLength(3);
    await session.dispose();
    session.appState.setState(withPermissionContext(enterPlanMode));
    expect(holder.current().mode).toBe('default');
  });

  it('leaves the holder alone when other state changes', () => {
    const { holder, updates } = holderAt('default');
    const session = new AgentSession({ ...agentDeps(new ScriptedModel([])), permissions: holder, newId: sequentialIds() });
    session.appState.setState((s) => ({ ...s, verbose: true }));
    expect(updates).toHaveLength(0);
  });
});
