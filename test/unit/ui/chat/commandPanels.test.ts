import { describe, expect, it } from 'vitest';
import type { PermissionHolder } from '../../../../extension/core/contracts/settings';
import { getEmptyToolPermissionContext, type PermissionUpdate, type ToolPermissionContext } from '../../../../extension/core/contracts/permissions';
import { agentDeps, RecordingLogger, ScriptedModel, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

function setup(hasApiKey = true) {
  let ctx: ToolPermissionContext = { ...getEmptyToolPermissionContext(), alwaysAllowRules: { vscodeSettings: ['Read'] } };
  const holder: PermissionHolder = { current: () => ctx, update: (f) => void (ctx = f(ctx)) };
  const persisted: PermissionUpdate[][] = [];
  const model = new ScriptedModel([['hello']]);
  const log = new RecordingLogger();
  const session = chatOver({ ...agentDeps(model), permissions: holder, persistPermissionUpdates: async (u) => void persisted.push(u) }, { log });
  const { bridge, posted } = bridgeOver(session, { log, hasApiKey });
  const panels = () => posted.flatMap((p) => (p.type === 'panelOpened' && p.view.panel === 'permissions' ? [p.view] : []));
  return { bridge, posted, persisted, model, session, log, panels, rules: () => ctx };
}

describe('ui/chat/chatBridge: command panels', () => {
  it('opens /permissions and adds a rule to the project settings from the panel', async () => {
    const { bridge, panels, persisted, rules } = setup();
    bridge.receive({ type: 'sendPrompt', text: '/permissions' });
    await until(() => panels().length === 1);
    expect(panels()[0]).toEqual({ panel: 'permissions', mode: 'default', rules: [{ source: 'vscodeSettings', behavior: 'allow', rule: 'Read', editable: false }] });
    bridge.receive({ type: 'addPermissionRule', destination: 'projectSettings', behavior: 'deny', rule: 'Bash(rm:*)' });
    await until(() => panels().length === 2);
    expect(persisted).toEqual([[{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'rm:*' }], behavior: 'deny', destination: 'projectSettings' }]]);
    expect(rules().alwaysDenyRules.projectSettings).toEqual(['Bash(rm:*)']);
    expect(panels()[1]?.rules).toContainEqual({ source: 'projectSettings', behavior: 'deny', rule: 'Bash(rm:*)', editable: true });
  });

  it('removes a session rule, and refuses to remove a VS Code setting with a logged reason', async () => {
    const { bridge, panels, rules, log } = setup();
    bridge.receive({ type: 'addPermissionRule', destination: 'session', behavior: 'allow', rule: 'WebFetch' });
    await until(() => panels().length === 1);
    expect(rules().alwaysAllowRules.session).toEqual(['WebFetch']);
    bridge.receive({ type: 'removePermissionRule', source: 'session', behavior: 'allow', rule: 'WebFetch' });
    await until(() => panels().length === 2);
    expect(rules().alwaysAllowRules.session).toEqual([]);
    bridge.receive({ type: 'removePermissionRule', source: 'vscodeSettings', behavior: 'allow', rule: 'Read' });
    await until(() => panels().length === 3);
    expect(rules().alwaysAllowRules.vscodeSettings).toEqual(['Read']);
    expect(log.lines).toContainEqual({ level: 'warn', message: 'Permission rule not changed: Rules from vscodeSettings cannot be removed here; change them where they are set.' });
  });

  it('shows the open panel again in the snapshot until the view closes it', async () => {
    const { bridge, posted } = setup();
    bridge.receive({ type: 'sendPrompt', text: '/mcp' });
    await until(() => posted.some((p) => p.type === 'panelOpened'));
    bridge.receive({ type: 'ready' });
    await until(() => posted.some((p) => p.type === 'sessionSnapshot'));
    expect(posted.find((p) => p.type === 'sessionSnapshot')).toMatchObject({ panel: { panel: 'mcp', servers: [] } });
    bridge.receive({ type: 'closePanel' });
    bridge.receive({ type: 'ready' });
    await until(() => posted.filter((p) => p.type === 'sessionSnapshot').length === 2);
    expect(posted.filter((p) => p.type === 'sessionSnapshot')[1]).not.toHaveProperty('panel');
  });

  it('runs slash commands without an API key, but sends a prompt only with one', async () => {
    const { bridge, posted, model, session } = setup(false);
    bridge.receive({ type: 'sendPrompt', text: '/help' });
    await until(() => session.messages().length === 2);
    expect(session.messages()[1]?.text).toMatch(/^Slash commands:/);
    bridge.receive({ type: 'sendPrompt', text: 'hello' });
    await until(() => posted.some((p) => p.type === 'setupChanged'));
    expect(model.requests).toHaveLength(0);
  });
});
