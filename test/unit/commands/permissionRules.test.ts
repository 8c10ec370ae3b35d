import { describe, expect, it } from 'vitest';
import { applyRuleChange, ruleUpdate } from '../../../extension/core/loop/commands/permissionRules';
import type { PermissionHolder } from '../../../extension/core/contracts/settings';
import { getEmptyToolPermissionContext, type PermissionUpdate, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';

function holder(ctx: ToolPermissionContext = getEmptyToolPermissionContext()): PermissionHolder & { ctx: ToolPermissionContext } {
  const h = {
    ctx,
    current: () => h.ctx,
    update: (f: (prev: ToolPermissionContext) => ToolPermissionContext) => {
      h.ctx = f(h.ctx);
    },
  };
  return h;
}

describe('core/loop/commands/permissionRules', () => {
  it('adds a rule to a settings file: written there and applied to the window at once', async () => {
    const h = holder();
    const written: PermissionUpdate[][] = [];
    const error = await applyRuleChange(
      { type: 'addPermissionRule', destination: 'projectSettings', behavior: 'allow', rule: 'Bash(npm run test:*)' },
      { holder: h, persist: async (u) => void written.push(u) },
    );
    expect(error).toBeUndefined();
    expect(written).toEqual([[{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }], behavior: 'allow', destination: 'projectSettings' }]]);
    expect(h.ctx.alwaysAllowRules.projectSettings).toEqual(['Bash(npm run test:*)']);
  });

  it('adds a session rule in memory only', async () => {
    const h = holder();
    const written: PermissionUpdate[][] = [];
    await applyRuleChange({ type: 'addPermissionRule', destination: 'session', behavior: 'deny', rule: 'WebFetch' }, { holder: h, persist: async (u) => void written.push(u) });
    expect(written).toEqual([]);
    expect(h.ctx.alwaysDenyRules.session).toEqual(['WebFetch']);
  });

  it('removes a rule from the file and the window, and keeps the others', async () => {
    const h = holder({ ...getEmptyToolPermissionContext(), alwaysAskRules: { localSettings: ['Bash(git push:*)', 'Edit'] } });
    const written: PermissionUpdate[][] = [];
    const error = await applyRuleChange(
      { type: 'removePermissionRule', source: 'localSettings', behavior: 'ask', rule: 'Bash(git push:*)' },
      { holder: h, persist: async (u) => void written.push(u) },
    );
    expect(error).toBeUndefined();
    expect(written[0]?.[0]).toMatchObject({ type: 'removeRules', destination: 'localSettings', behavior: 'ask' });
    expect(h.ctx.alwaysAskRules.localSettings).toEqual(['Edit']);
  });

  it('refuses to remove a rule the panel cannot change, and a rule that is not one', async () => {
    expect(ruleUpdate({ type: 'removePermissionRule', source: 'vscodeSettings', behavior: 'allow', rule: 'Read' })).toEqual({
      ok: false,
      message: 'Rules from vscodeSettings cannot be removed here; change them where they are set.',
    });
    const h = holder();
    const error = await applyRuleChange({ type: 'addPermissionRule', destination: 'session', behavior: 'allow', rule: 'rm -rf /' }, { holder: h });
    expect(error).toMatch(/is not a permission rule/);
    expect(h.ctx).toEqual(getEmptyToolPermissionContext());
  });
});
