/**
 * Project MCP servers (.mcp.json) and the user's answer: declined, dismissed or held back for workspace trust,
 * each says why in /mcp, and each can be approved later without reloading the window.
 */
import { describe, expect, it, vi } from 'vitest';
import { approvableServers, rememberingApproval } from '../../../../extension/core/engines/mcp/approval';
import { McpManager, type McpApprovalPort } from '../../../../extension/core/engines/mcp/manager';
import type { McpConnector, McpServerEntry } from '../../../../extension/core/contracts/mcp';
import { mcpPanelRows } from '../../../../extension/core/engines/mcp/views';
import { fakeConnection } from './fakeConnection';

function connector(): McpConnector & { connects: string[] } {
  const connects: string[] = [];
  return {
    connects,
    connect: async (entry) => {
      connects.push(entry.name);
      return fakeConnection();
    },
  };
}

/** Answers with the next of `answers` (true Allow, false Deny, undefined a closed question) and records each question. */
function answering(answers: (boolean | undefined)[]): McpApprovalPort & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    approve: async (entry, options) => {
      asked.push(`${entry.name}${options?.askAgain ? ' (again)' : ''}`);
      return answers.shift();
    },
  };
}

const project = (name: string): McpServerEntry => ({ name, scope: 'project', path: '/ws/.mcp.json', config: { type: 'stdio', command: 'npx', args: ['-y', `${name}-mcp`], env: {} } });
const user = (name: string): McpServerEntry => ({ name, scope: 'user', config: { type: 'stdio', command: 'node', args: ['srv.js'], env: {} } });
const status = (m: McpManager, name: string) => m.servers().find((s) => s.name === name)?.status;

describe('core/engines/mcp/manager: approving project servers', () => {
  it('says a dismissed question and a declined server apart, and approves each later when asked', async () => {
    const c = connector();
    const approval = answering([undefined, false, true, true]);
    const m = new McpManager({ connector: c, approval });
    m.setServers([project('closed'), project('denied')]);
    await vi.waitFor(() => expect(status(m, 'closed')).toEqual({ state: 'disabled', reason: 'dismissed' }));
    await vi.waitFor(() => expect(status(m, 'denied')).toEqual({ state: 'disabled', reason: 'declined' }));
    expect(mcpPanelRows(m.servers()).map((r) => [r.name, r.status, r.disabledReason])).toEqual([
      ['closed', 'disabled', 'dismissed'],
      ['denied', 'disabled', 'declined'],
    ]);
    expect(c.connects).toEqual([]);

    await m.approve('closed');
    await m.approve('denied');
    expect(approval.asked).toEqual(['closed', 'denied', 'closed (again)', 'denied (again)']);
    expect([status(m, 'closed'), status(m, 'denied')]).toEqual([{ state: 'connected' }, { state: 'connected' }]);
    expect(c.connects).toEqual(['closed', 'denied']);
  });

  it('stays off with its reason when the user declines again, and leaves an approved or user server alone', async () => {
    const c = connector();
    const approval = answering([false, false, true]);
    const m = new McpManager({ connector: c, approval });
    m.setServers([project('p'), user('mine')]);
    await vi.waitFor(() => expect(status(m, 'p')).toEqual({ state: 'disabled', reason: 'declined' }));
    await m.approve('p');
    expect(status(m, 'p')).toEqual({ state: 'disabled', reason: 'declined' });
    await m.approve('p');
    await m.approve('p');
    await m.approve('mine');
    expect(approval.asked).toEqual(['p', 'p (again)', 'p (again)']);
    expect(c.connects.sort()).toEqual(['mine', 'p']);
    await expect(m.approve('nope')).rejects.toThrow('There is no MCP server "nope".');
  });

  it('holds project servers back without asking while the workspace is not trusted, and asks once it is', async () => {
    const c = connector();
    const approval = answering([true]);
    let trusted = false;
    const m = new McpManager({ connector: c, approval, trusted: () => trusted });
    m.setServers([project('repo-tools'), user('mine')]);
    await vi.waitFor(() => expect(status(m, 'mine')).toEqual({ state: 'connected' }));
    expect(status(m, 'repo-tools')).toEqual({ state: 'disabled', reason: 'untrusted' });
    expect(mcpPanelRows(m.servers())[0]).toMatchObject({ name: 'repo-tools', status: 'disabled', disabledReason: 'untrusted', scope: 'project' });
    await expect(m.approve('repo-tools')).rejects.toThrow(/not trusted: trust the workspace first/);
    await m.restart('repo-tools');
    expect(status(m, 'repo-tools')).toEqual({ state: 'disabled', reason: 'untrusted' });
    expect(approval.asked).toEqual([]);
    expect(c.connects).toEqual(['mine']);

    trusted = true;
    m.workspaceTrusted();
    await vi.waitFor(() => expect(status(m, 'repo-tools')).toEqual({ state: 'connected' }));
    expect(approval.asked).toEqual(['repo-tools']);
  });

  it('names a turned-off server as such, and restarting it does not ask about a server the user already approved', async () => {
    const c = connector();
    const approval = answering([true]);
    const m = new McpManager({ connector: c, approval });
    m.setServers([project('p'), user('mine')]);
    await vi.waitFor(() => expect(status(m, 'p')).toEqual({ state: 'connected' }));
    await m.setEnabled('p', false);
    await m.setEnabled('mine', false);
    expect([status(m, 'p'), status(m, 'mine')]).toEqual([
      { state: 'disabled', reason: 'turnedOff' },
      { state: 'disabled', reason: 'turnedOff' },
    ]);
    await m.restart('p');
    await m.restart('mine');
    expect([status(m, 'p'), status(m, 'mine')]).toEqual([{ state: 'connected' }, { state: 'connected' }]);
    expect(approval.asked).toEqual(['p']);
  });
});

describe('core/engines/mcp/approval approvableServers', () => {
  it('lists the declined and dismissed project servers with what they would run, for the palette', async () => {
    const m = new McpManager({ connector: connector(), approval: answering([false, undefined, true]) });
    m.setServers([project('denied'), project('closed'), project('fine')]);
    await vi.waitFor(() => expect(status(m, 'fine')).toEqual({ state: 'connected' }));
    expect(approvableServers(m.servers(), m.entries())).toEqual([
      { name: 'denied', reason: 'declined', what: 'Command: npx -y denied-mcp' },
      { name: 'closed', reason: 'dismissed', what: 'Command: npx -y closed-mcp' },
    ]);
  });
});

describe('core/engines/mcp/approval rememberingApproval with the manager', () => {
  it('calls a closed question dismissed, remembers nothing for it, and remembers the later Allow', async () => {
    const data = new Map<string, unknown>();
    const store = { get: (k: string) => data.get(k), update: async (k: string, v: unknown) => void data.set(k, v) };
    const answers: (boolean | undefined)[] = [undefined, true];
    const m = new McpManager({ connector: connector(), approval: rememberingApproval(store, async () => answers.shift()) });
    m.setServers([project('p')]);
    await vi.waitFor(() => expect(status(m, 'p')).toEqual({ state: 'disabled', reason: 'dismissed' }));
    expect(data.size).toBe(0);
    await m.approve('p');
    expect(status(m, 'p')).toEqual({ state: 'connected' });
    expect(Object.keys(data.get('codewright.mcp.projectApprovals') as object)).toEqual(['p']);
  });
});
