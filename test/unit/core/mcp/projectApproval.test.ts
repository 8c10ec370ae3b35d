/**
 * The approvals of project servers as Claude Code stores them (enableAllProjectMcpServers, enabledMcpjsonServers,
 * disabledMcpjsonServers): the decision from the settings, and `settingsApproval`, the port that decides from
 * them before asking and writes the answer back.
 */
import { describe, expect, it, vi } from 'vitest';
import { settingsApproval, type SettingsApprovalDeps } from '../../../../extension/core/engines/mcp/approval';
import { McpManager } from '../../../../extension/core/engines/mcp/manager';
import {
  approvalSettingsOf,
  mcpjsonDecision,
  mergeApprovalSettings,
  withMcpjsonAnswer,
  withoutMcpjsonChoices,
  type McpjsonApprovalSettings,
} from '../../../../extension/core/engines/mcp/projectApproval';
import type { McpServerEntry } from '../../../../extension/core/contracts/mcp';
import { fakeConnection } from './fakeConnection';

const project = (name: string, command = 'npx'): McpServerEntry => ({ name, scope: 'project', path: '/ws/.mcp.json', config: { type: 'stdio', command, args: [], env: {} } });

describe('core/engines/mcp/projectApproval', () => {
  it('approves a listed name or every name with enable-all, and lets a disabled name win over both', () => {
    expect(mcpjsonDecision('a', {})).toBe('pending');
    expect(mcpjsonDecision('a', { enabledMcpjsonServers: ['a'] })).toBe('approved');
    expect(mcpjsonDecision('b', { enabledMcpjsonServers: ['a'] })).toBe('pending');
    expect(mcpjsonDecision('b', { enableAllProjectMcpServers: true })).toBe('approved');
    expect(mcpjsonDecision('a', { enableAllProjectMcpServers: true, enabledMcpjsonServers: ['a'], disabledMcpjsonServers: ['a'] })).toBe('rejected');
    expect(mcpjsonDecision('a', { enableAllProjectMcpServers: false, enabledMcpjsonServers: ['a'] })).toBe('approved');
  });

  it('compares names as Claude Code does: characters outside letters, digits, _ and - count as _', () => {
    expect(mcpjsonDecision('my.server', { enabledMcpjsonServers: ['my_server'] })).toBe('approved');
    expect(mcpjsonDecision('my_server', { disabledMcpjsonServers: ['my.server'] })).toBe('rejected');
  });

  it('adds up the lists of every file and lets the last file that sets enable-all win', () => {
    const user: McpjsonApprovalSettings = { enableAllProjectMcpServers: true, enabledMcpjsonServers: ['u'] };
    const projectFile: McpjsonApprovalSettings = { disabledMcpjsonServers: ['x'], enabledMcpjsonServers: ['p', 'u'] };
    const local: McpjsonApprovalSettings = { enableAllProjectMcpServers: false };
    expect(mergeApprovalSettings([user, projectFile, local])).toEqual({ enableAllProjectMcpServers: false, enabledMcpjsonServers: ['u', 'p'], disabledMcpjsonServers: ['x'] });
    expect(mergeApprovalSettings([user, projectFile]).enableAllProjectMcpServers).toBe(true);
  });

  it('reads the three keys of a settings object and ignores a key of the wrong type', () => {
    expect(approvalSettingsOf({ enableAllProjectMcpServers: 'yes', enabledMcpjsonServers: ['a', 'b'], disabledMcpjsonServers: 'c', permissions: {} })).toEqual({ enabledMcpjsonServers: ['a', 'b'] });
    expect(approvalSettingsOf([1])).toEqual({});
    expect(approvalSettingsOf(undefined)).toEqual({});
  });

  it('records an answer in a settings object, keeping every other key and moving the name between the lists', () => {
    const file = { permissions: { allow: ['Bash(ls)'] }, disabledMcpjsonServers: ['a', 'b'] };
    const allowed = withMcpjsonAnswer(file, 'a', true);
    expect(allowed).toEqual({ permissions: { allow: ['Bash(ls)'] }, enabledMcpjsonServers: ['a'], disabledMcpjsonServers: ['b'] });
    expect(withMcpjsonAnswer(allowed, 'a', true)).toBe(allowed);
    expect(withMcpjsonAnswer(allowed, 'b', true)).toEqual({ permissions: { allow: ['Bash(ls)'] }, enabledMcpjsonServers: ['a', 'b'] });
    expect(withMcpjsonAnswer({}, 'c', false)).toEqual({ disabledMcpjsonServers: ['c'] });
    expect(withoutMcpjsonChoices({ enableAllProjectMcpServers: true, enabledMcpjsonServers: ['a'], disabledMcpjsonServers: [], model: 'x' })).toEqual({ model: 'x' });
  });
});

function deps(settings: McpjsonApprovalSettings, answers: (boolean | undefined)[] = []) {
  const asked: string[] = [];
  const recorded: [string, boolean][] = [];
  const warnings: string[] = [];
  const d: SettingsApprovalDeps = {
    settings: async () => settings,
    record: async (name, allow) => void recorded.push([name, allow]),
    ask: async (entry) => {
      asked.push(entry.name);
      return answers.shift();
    },
    warn: (m) => void warnings.push(m),
  };
  return { d, asked, recorded, warnings };
}

describe('core/engines/mcp/approval settingsApproval', () => {
  it('starts what the settings approve and declines what they disable, asking nobody and recording nothing', async () => {
    const { d, asked, recorded } = deps({ enabledMcpjsonServers: ['yes'], disabledMcpjsonServers: ['no'] });
    const port = settingsApproval(d);
    expect(await port.approve(project('yes'))).toBe(true);
    expect(await port.approve(project('no'))).toBe(false);
    expect([asked, recorded]).toEqual([[], []]);
  });

  it('asks about a server the settings do not mention and records Allow and Deny, but not a closed question', async () => {
    const { d, asked, recorded } = deps({}, [true, false, undefined]);
    const port = settingsApproval(d);
    expect(await port.approve(project('a'))).toBe(true);
    expect(await port.approve(project('b'))).toBe(false);
    expect(await port.approve(project('c'))).toBeUndefined();
    expect(asked).toEqual(['a', 'b', 'c']);
    expect(recorded).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('asks again about a disabled server when the user approves it from /mcp, and records the Allow', async () => {
    const { d, asked, recorded } = deps({ disabledMcpjsonServers: ['no'] }, [true]);
    expect(await settingsApproval(d).approve(project('no'), { askAgain: true })).toBe(true);
    expect(asked).toEqual(['no']);
    expect(recorded).toEqual([['no', true]]);
  });

  it('moves an answer an earlier version remembered for the same configuration into the settings, once', async () => {
    const data = new Map<string, unknown>([['codewright.mcp.projectApprovals', { old: { config: JSON.stringify(project('old').config), allow: true }, changed: { config: '{}', allow: true } }]]);
    const legacy = { get: (k: string) => data.get(k), update: async (k: string, v: unknown) => void data.set(k, v) };
    const { d, asked, recorded } = deps({}, [false]);
    const port = settingsApproval({ ...d, legacy });
    expect(await port.approve(project('old'))).toBe(true);
    expect(await port.approve(project('changed'))).toBe(false);
    expect(asked).toEqual(['changed']);
    expect(recorded).toEqual([
      ['old', true],
      ['changed', false],
    ]);
    expect(Object.keys(data.get('codewright.mcp.projectApprovals') as object)).toEqual(['changed']);
  });

  it('keeps the answer for this run when the settings cannot be written, and says so', async () => {
    const { d, warnings } = deps({}, [true]);
    const port = settingsApproval({ ...d, record: () => Promise.reject(new Error('settings.local.json is not valid JSON')) });
    expect(await port.approve(project('a'))).toBe(true);
    expect(warnings).toEqual(['The answer about the MCP server "a" was not saved: settings.local.json is not valid JSON']);
  });

  it('keeps a server connecting while a port that asks nobody looks the answer up, so whenSettled waits for it', async () => {
    let answer: (yes: boolean) => void = () => {};
    const m = new McpManager({ connector: { connect: async () => fakeConnection() }, approval: { asks: false, approve: () => new Promise((r) => (answer = r)) } });
    m.setServers([project('looked-up')]);
    await Promise.resolve();
    expect(m.servers()[0]?.status).toEqual({ state: 'connecting' });
    let settled = false;
    const waiting = m.whenSettled(10_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer(true);
    await waiting;
    expect(m.servers()[0]?.status).toEqual({ state: 'connected' });
    await m.dispose();
  });

  it('drives the manager: an enabled server connects, a disabled one is declined, without a question', async () => {
    const { d, asked } = deps({ enableAllProjectMcpServers: true, disabledMcpjsonServers: ['off'] });
    const m = new McpManager({ connector: { connect: async () => fakeConnection() }, approval: settingsApproval(d) });
    m.setServers([project('on'), project('off')]);
    const status = (name: string) => m.servers().find((s) => s.name === name)?.status;
    await vi.waitFor(() => expect([status('on'), status('off')]).toEqual([{ state: 'connected' }, { state: 'disabled', reason: 'declined' }]));
    expect(asked).toEqual([]);
    await m.dispose();
  });
});
