import { describe, expect, it } from 'vitest';
import type { PluginCatalog } from '../../../../extension/core/contracts/pluginCatalog';
import type { PluginPanelPort } from '../../../../extension/ui/chat/chatBridge';
import type { PanelView } from '../../../../extension/protocol/messages';
import { agentDeps, RecordingLogger, ScriptedModel, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

/** A plugin manager in memory: each action installs or flips a plugin and tells its listeners, busy first. */
function fakeManager() {
  let catalog: PluginCatalog = {
    trusted: true,
    marketplaces: [{ name: 'team', source: './team', path: '/m/team', plugins: 1 }],
    plugins: [{ id: 'fmt@team', name: 'fmt', marketplace: 'team', installed: false, enabled: false }],
  };
  let busy: string | undefined;
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((l) => l());
  const calls: string[] = [];
  const port: PluginPanelPort = {
    view: async (): Promise<PanelView> => ({ panel: 'plugins', ...catalog, ...(busy ? { busy } : {}) }),
    plugin: async (action, id) => {
      calls.push(`${action} ${id}`);
      busy = `Installing ${id}…`;
      tell();
      catalog = { ...catalog, plugins: catalog.plugins.map((p) => (p.id === id ? { ...p, installed: true, enabled: action !== 'disable' } : p)) };
      busy = undefined;
      tell();
    },
    marketplace: async (action, m) => void calls.push(`${action} marketplace ${m}`),
    onDidChange: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return { port, calls, catalog: () => catalog, listeners };
}

function setup(plugins?: PluginPanelPort) {
  const manager = fakeManager();
  const log = new RecordingLogger();
  const session = chatOver(agentDeps(new ScriptedModel([['hi']])), { log, commands: { plugins: async () => manager.catalog() } });
  const { bridge, posted } = bridgeOver(session, { log, ...(plugins === undefined ? { plugins: manager.port } : {}) });
  const panels = () => posted.flatMap((p) => (p.type === 'panelOpened' && p.view.panel === 'plugins' ? [p.view] : []));
  return { manager, bridge, panels, log, posted };
}

describe('ui/chat/chatBridge: the /plugin panel', () => {
  it('opens with the catalog, hands an action to the manager, and follows it: busy, then the new state', async () => {
    const { manager, bridge, panels } = setup();
    bridge.receive({ type: 'sendPrompt', text: '/plugin' });
    await until(() => panels().length === 1);
    expect(panels()[0]?.plugins[0]).toMatchObject({ id: 'fmt@team', installed: false });
    expect(bridge.receive({ type: 'pluginAction', action: 'install', plugin: 'fmt@team' })).toBe(true);
    await until(() => panels().at(-1)?.plugins[0]?.installed === true && !panels().at(-1)?.busy);
    expect(manager.calls).toEqual(['install fmt@team']);
    expect(panels().some((p) => p.busy === 'Installing fmt@team…')).toBe(true);
    bridge.receive({ type: 'marketplaceAction', action: 'add', marketplace: ' ./other ' });
    await until(() => manager.calls.length === 2);
    expect(manager.calls[1]).toBe('add marketplace ./other');
  });

  it('leaves a closed panel closed when the plugins change, and refuses a malformed request', async () => {
    const { manager, bridge, panels } = setup();
    bridge.receive({ type: 'sendPrompt', text: '/plugin' });
    await until(() => panels().length === 1);
    bridge.receive({ type: 'closePanel' });
    await manager.port.plugin('enable', 'fmt@team');
    await new Promise((r) => setTimeout(r, 20));
    expect(panels()).toHaveLength(1);
    expect(bridge.receive({ type: 'pluginAction', action: 'explode', plugin: 'fmt@team' })).toBe(false);
    expect(bridge.receive({ type: 'pluginAction', action: 'install', plugin: '' })).toBe(false);
    expect(manager.calls).toEqual(['enable fmt@team']);
  });

  it('logs and drops plugin requests where there is no manager, and stops listening when disposed', async () => {
    const { manager, bridge, log } = setup(null as unknown as PluginPanelPort);
    bridge.receive({ type: 'pluginAction', action: 'install', plugin: 'fmt@team' });
    await until(() => log.lines.some((l) => l.message.includes('plugins cannot be managed here')));
    expect(manager.calls).toEqual([]);
    const withManager = setup();
    expect(withManager.manager.listeners.size).toBe(1);
    withManager.bridge.dispose();
    expect(withManager.manager.listeners.size).toBe(0);
  });
});
