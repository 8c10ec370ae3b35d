import { describe, expect, it } from 'vitest';
import { McpManager, type McpApprovalPort } from '../../../../extension/core/engines/mcp/manager';
import type { McpConnector } from '../../../../extension/core/contracts/mcp';
import { mcpPanelRows } from '../../../../extension/core/engines/mcp/views';
import { agentDeps, RecordingLogger, ScriptedModel, until } from '../../support';
import { fakeConnection } from '../../core/mcp/fakeConnection';
import { bridgeOver, chatOver } from './bridgeHarness';

/** A connector whose connections list one tool; counts connects and closes. */
function fakeConnector() {
  const counts = { connects: 0, closes: 0 };
  const connector: McpConnector = {
    connect: async () => {
      counts.connects++;
      return fakeConnection({ close: async () => void counts.closes++ });
    },
  };
  return { connector, counts };
}

function setup({ connector, counts }: { connector: McpConnector; counts: { connects: number; closes: number } } = fakeConnector(), approval?: McpApprovalPort) {
  const hub = new McpManager({ connector, ...(approval ? { approval } : {}) });
  const trustEditor = { opened: 0 };
  const log = new RecordingLogger();
  const session = chatOver({ ...agentDeps(new ScriptedModel([['hi']])), mcp: hub }, { log, commands: { mcpServers: () => mcpPanelRows(hub.servers()) } });
  const { bridge, posted } = bridgeOver(session, {
    log,
    actions: { setApiKey: () => {}, showLogs: () => {}, manageWorkspaceTrust: () => void trustEditor.opened++ },
  });
  const panels = () => posted.flatMap((p) => (p.type === 'panelOpened' && p.view.panel === 'mcp' ? [p.view] : []));
  return { hub, bridge, panels, counts, trustEditor };
}

describe('ui/chat/chatBridge: the /mcp panel', () => {
  it('shows the servers with status, scope and counts, follows their status, and restarts one on request', async () => {
    const { hub, bridge, panels, counts } = setup();
    hub.setServers([{ name: 'files', scope: 'user', path: '/h/.claude.json', config: { type: 'stdio', command: 'x', args: [], env: {} } }]);
    await until(() => hub.servers()[0]?.status.state === 'connected');
    bridge.receive({ type: 'sendPrompt', text: '/mcp' });
    await until(() => panels().length === 1);
    expect(panels()[0]?.servers).toEqual([{ name: 'files', status: 'connected', tools: 1, resources: 0, prompts: 0, scope: 'user', path: '/h/.claude.json' }]);
    expect(bridge.receive({ type: 'restartMcpServer', server: 'files' })).toBe(true);
    await until(() => counts.connects === 2 && panels().at(-1)?.servers[0]?.status === 'connected');
    expect(counts.closes).toBe(1);
    // It went through connecting on the way, and the open panel showed it.
    expect(panels().some((p) => p.servers[0]?.status === 'pending')).toBe(true);
    await hub.dispose();
  });

  it('signs in to a server that needs it on Authenticate, and shows why when the sign-in fails', async () => {
    let signIn: () => Promise<void> = async () => Promise.reject(new Error('The sign-in timed out.'));
    const { connector } = fakeConnector();
    const needsAuth = Object.assign(new Error('sign in'), { name: 'McpAuthRequiredError', url: 'https://mcp.example.com/mcp' });
    const authConnector: McpConnector = {
      connect: async () => Promise.reject(needsAuth),
      authenticate: async (entry) => {
        await signIn();
        return connector.connect(entry);
      },
    };
    const { hub, bridge, panels } = setup({ connector: authConnector, counts: { connects: 0, closes: 0 } });
    hub.setServers([{ name: 'remote', scope: 'settings', config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: {} } }]);
    await until(() => hub.servers()[0]?.status.state === 'needsAuth');
    bridge.receive({ type: 'sendPrompt', text: '/mcp' });
    await until(() => panels().length === 1);
    expect(panels()[0]?.servers[0]).toMatchObject({ name: 'remote', status: 'needsAuth', authUrl: 'https://mcp.example.com/mcp' });
    expect(bridge.receive({ type: 'authenticateMcpServer', server: 'remote' })).toBe(true);
    await until(() => panels().at(-1)?.servers[0]?.error === 'The sign-in timed out.');
    expect(panels().at(-1)?.servers[0]?.status).toBe('needsAuth');
    signIn = async () => {};
    bridge.receive({ type: 'authenticateMcpServer', server: 'remote' });
    await until(() => panels().at(-1)?.servers[0]?.status === 'connected');
    expect(panels().at(-1)?.servers[0]).toMatchObject({ tools: 1 });
    await hub.dispose();
  });

  it('approves a project server whose question was closed on Approve…, asking again, and opens the trust editor on request', async () => {
    const answers: (boolean | undefined)[] = [undefined, true];
    const asked: boolean[] = [];
    const approval: McpApprovalPort = {
      approve: async (_entry, options) => {
        asked.push(!!options?.askAgain);
        return answers.shift();
      },
    };
    const { hub, bridge, panels, trustEditor } = setup(fakeConnector(), approval);
    hub.setServers([{ name: 'repo-tools', scope: 'project', path: '/ws/.mcp.json', config: { type: 'stdio', command: 'x', args: [], env: {} } }]);
    await until(() => hub.servers()[0]?.status.state === 'disabled');
    bridge.receive({ type: 'sendPrompt', text: '/mcp' });
    await until(() => panels().length === 1);
    expect(panels()[0]?.servers[0]).toMatchObject({ name: 'repo-tools', status: 'disabled', disabledReason: 'dismissed', scope: 'project' });
    expect(bridge.receive({ type: 'approveMcpServer', server: 'repo-tools' })).toBe(true);
    await until(() => panels().at(-1)?.servers[0]?.status === 'connected');
    expect(asked).toEqual([false, true]);
    expect(panels().at(-1)?.servers[0]?.disabledReason).toBeUndefined();
    expect(bridge.receive({ type: 'manageWorkspaceTrust' })).toBe(true);
    await until(() => trustEditor.opened === 1);
    await hub.dispose();
  });

  it('does not post the panel when it is not open', async () => {
    const { hub, panels } = setup();
    hub.setServers([{ name: 'a', scope: 'user', config: { type: 'stdio', command: 'x', args: [], env: {} } }]);
    await until(() => hub.servers()[0]?.status.state === 'connected');
    expect(panels()).toEqual([]);
    await hub.dispose();
  });
});
