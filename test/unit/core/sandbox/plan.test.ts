/** The sandbox plan for one command, the auto-allow it permits, the policy it runs under, and the failure note. */
import { describe, expect, it } from 'vitest';
import { detectSandboxFailure, sandboxFailureNote } from '../../../../extension/core/engines/sandbox/failure';
import { isExcludedCommand, planSandbox, sandboxPolicy, withSandboxAutoAllow } from '../../../../extension/core/engines/permissions/sandboxPlan';
import { defaultSandboxSettings } from '../../../../extension/core/engines/sandbox/settings';

const on = { ...defaultSandboxSettings(), enabled: true };
const here = { available: true } as const;

describe('planSandbox', () => {
  it('sandboxes when on and available, and not when off', () => {
    expect(planSandbox(on, here, 'npm test')).toEqual({ run: 'sandboxed' });
    expect(planSandbox(defaultSandboxSettings(), here, 'npm test')).toEqual({ run: 'unsandboxed', why: 'disabled' });
    expect(planSandbox(undefined, here, 'npm test')).toEqual({ run: 'unsandboxed', why: 'disabled' });
  });

  it('runs excluded commands and overrides unsandboxed; allowUnsandboxedCommands: false ignores the override', () => {
    expect(planSandbox({ ...on, excludedCommands: ['docker'] }, here, 'ls && docker ps')).toEqual({ run: 'unsandboxed', why: 'excluded' });
    expect(planSandbox(on, here, 'ls', { dangerouslyDisableSandbox: true })).toEqual({ run: 'unsandboxed', why: 'override' });
    expect(planSandbox({ ...on, allowUnsandboxedCommands: false }, here, 'ls', { dangerouslyDisableSandbox: true })).toEqual({ run: 'sandboxed' });
  });

  it('needs the user when the sandbox cannot run', () => {
    expect(planSandbox(on, { available: false, reason: 'no bwrap' }, 'ls')).toEqual({ run: 'needsConsent', reason: 'no bwrap' });
  });

  it('matches excluded commands as Bash rules and as plain prefixes', () => {
    expect(isExcludedCommand(['npm run *'], 'npm run build')).toBe(true);
    expect(isExcludedCommand(['docker'], 'docker')).toBe(true);
    expect(isExcludedCommand(['docker'], 'dockerd')).toBe(false);
    expect(isExcludedCommand(['git push'], 'ls', ['ls', 'git push origin'])).toBe(true);
  });
});

describe('withSandboxAutoAllow', () => {
  const passthrough = { behavior: 'passthrough', message: 'm', decisionReason: { type: 'other', reason: 'x' } } as const;
  const safety = { behavior: 'ask', message: 'm', decisionReason: { type: 'safetyCheck', reason: 'writes .bashrc' } } as const;

  it('turns a passthrough of a sandboxed command into an allow, not another safety check', () => {
    expect(withSandboxAutoAllow(passthrough, { run: 'sandboxed' }, on).behavior).toBe('allow');
    expect(withSandboxAutoAllow(safety, { run: 'sandboxed' }, on)).toBe(safety);
    expect(withSandboxAutoAllow(passthrough, { run: 'unsandboxed', why: 'excluded' }, on)).toBe(passthrough);
    expect(withSandboxAutoAllow(passthrough, { run: 'sandboxed' }, { ...on, autoAllowBashIfSandboxed: false })).toBe(passthrough);
  });

  it('also allows a sandboxed write inside the workspace (concern workspaceWrite), never a protected path or an outside write', () => {
    const ask = (concern: 'workspaceWrite' | 'protectedPath' | 'outsideWorkspace') => ({ behavior: 'ask', message: 'm', decisionReason: { type: 'safetyCheck', reason: 'r', concern } }) as const;
    expect(withSandboxAutoAllow(ask('workspaceWrite'), { run: 'sandboxed' }, on)).toMatchObject({ behavior: 'allow', decisionReason: { reason: expect.stringContaining('sandbox') } });
    expect(withSandboxAutoAllow(ask('protectedPath'), { run: 'sandboxed' }, on).behavior).toBe('ask');
    expect(withSandboxAutoAllow(ask('outsideWorkspace'), { run: 'sandboxed' }, on).behavior).toBe('ask');
    expect(withSandboxAutoAllow(ask('workspaceWrite'), { run: 'unsandboxed', why: 'excluded' }, on).behavior).toBe('ask');
  });
});

describe('sandboxPolicy', () => {
  it('opens the workspace folders and allowWrite, and keeps the settings files closed', () => {
    const policy = sandboxPolicy({ ...on, filesystem: { ...on.filesystem, allowWrite: ['/cache'] }, network: { ...on.network, allowedDomains: ['github.com'] } }, ['/ws', '/extra'], '/home/u');
    expect(policy.allowWrite).toEqual(['/ws', '/extra', '/cache']);
    expect(policy.denyWrite).toEqual(expect.arrayContaining(['/ws/.claude/settings.json', '/extra/.claude/settings.local.json', '/home/u/.claude/settings.json']));
    expect(policy.allowedDomains).toEqual(['github.com']);
  });
});

describe('sandbox failures', () => {
  it('recognises a blocked write and a blocked connection', () => {
    expect(detectSandboxFailure("touch: cannot touch '../x': Read-only file system", 1)).toMatchObject({ kind: 'filesystem' });
    expect(detectSandboxFailure('Connection blocked by network allowlist', 0)).toMatchObject({ kind: 'network' });
    expect(detectSandboxFailure('curl: (6) Could not resolve host: x.dev', 6)).toMatchObject({ kind: 'network' });
    expect(detectSandboxFailure('npm ERR! code EACCES', 1)).toMatchObject({ kind: 'filesystem' });
  });

  it('says nothing for ordinary failures or successes, and trusts recorded violations', () => {
    expect(detectSandboxFailure('FAIL src/a.test.ts', 1)).toBeUndefined();
    expect(detectSandboxFailure('Permission denied (publickey)', 0)).toBeUndefined();
    expect(detectSandboxFailure('', 1, ['deny network-outbound evil.com:443'])).toMatchObject({ kind: 'network', evidence: 'deny network-outbound evil.com:443' });
  });

  it('tells the model how to get out, unless overrides are off', () => {
    const f = { kind: 'filesystem', evidence: 'Read-only file system' } as const;
    expect(sandboxFailureNote(f, { overrideAllowed: true })).toMatch(/retry it with dangerouslyDisableSandbox: true \(the user will be asked\)/);
    expect(sandboxFailureNote(f, { overrideAllowed: false })).toMatch(/allowUnsandboxedCommands: false/);
  });
});
