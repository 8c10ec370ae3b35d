/**
 * Bash in the OS sandbox, for real (bubblewrap on Linux): writes outside the workspace fail with a sandbox
 * note, network goes only to allowed domains, `autoAllowBashIfSandboxed` skips the prompt and nothing
 * else, `dangerouslyDisableSandbox` always asks, and a missing sandbox needs the user's agreement.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../../../extension/core/engines/permissions/bash';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { defaultSandboxSettings } from '../../../../extension/core/engines/sandbox/settings';
import type { SandboxSettings } from '../../../../extension/core/contracts/permissions';
import { sessionSandboxFallback } from '../../../../extension/core/engines/sandbox/fallback';
import type { ShellPort } from '../../../../extension/core/contracts/shell';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { withWorkingDirectory } from '../../../../extension/core/contracts/workingDirectory';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { NodeShell } from '../../../../extension/host/node/shell/nodeShell';
import { detectSandbox } from '../../../../extension/host/node/shell/sandbox';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { renderBashOutput, type BashOutput } from '../../../../extension/tools/Bash/format';
import { makeContext } from '../../tool/fixtures';

const status = detectSandbox();
const reason = status.available ? '' : status.reason;
const parent = { role: 'assistant' as const, content: [] };
const allow = async () => ({ behavior: 'allow' as const });

function settings(over: Partial<SandboxSettings> = {}, network: Partial<SandboxSettings['network']> = {}): SandboxSettings {
  const base = defaultSandboxSettings();
  return { ...base, enabled: true, ...over, network: { ...base.network, ...network } };
}

let parser: ShellParser;
const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
beforeAll(async () => {
  parser = await loadBashParser();
});
afterAll(() => shell.dispose());

function setup(sandbox: SandboxSettings | undefined, opts: { shell?: ShellPort; rules?: { deny?: string[]; ask?: string[] }; mode?: 'default' | 'bypassPermissions' } = {}) {
  const bash = createBashTool({ parser });
  const base = makeContext([bash]);
  const ws = path.join(base.cwd, 'ws');
  mkdirSync(ws);
  const context: ToolUseContext = { ...base, cwd: ws, ports: { ...base.ports, workspace: new NodeWorkspace([ws]), shell: opts.shell ?? shell } };
  context.setAppState((s) => ({
    ...s,
    toolPermissionContext: {
      ...s.toolPermissionContext,
      mode: opts.mode ?? 'default',
      isBypassPermissionsModeAvailable: true,
      alwaysDenyRules: { localSettings: opts.rules?.deny ?? [] },
      alwaysAskRules: { localSettings: opts.rules?.ask ?? [] },
      ...(sandbox ? { sandbox } : {}),
    },
  }));
  const run = async (command: string, extra: Record<string, unknown> = {}) => {
    // As the executor does: each call starts where the previous `cd` left the shell.
    const { data } = await bash.call({ command, ...extra }, await withWorkingDirectory(context), allow, parent);
    return { data: data as BashOutput, text: renderBashOutput(data as BashOutput).text };
  };
  const decide = (command: string, extra: Record<string, unknown> = {}) => createPermissionEngine()(bash, { command, ...extra }, context);
  return { bash, context, ws, run, decide };
}

describe.skipIf(!status.available)(`Bash in the sandbox (${reason || 'bubblewrap present'})`, () => {
  it('fails a write outside the workspace with a sandbox note and leaves no file', async () => {
    const { ws, run } = setup(settings());
    const { data, text } = await run('touch ../outside.txt');
    expect(existsSync(path.join(ws, '..', 'outside.txt'))).toBe(false);
    expect(data).toMatchObject({ kind: 'completed' });
    expect(text).toMatch(/Read-only file system|Operation not permitted|Permission denied/);
    expect(text).toContain('The sandbox probably blocked a file write');
    expect(text).toContain('dangerouslyDisableSandbox: true');
  });

  it('lets a command write in the workspace and the sandbox temp folder', async () => {
    const { ws, run } = setup(settings());
    const { text } = await run('mkdir -p src/x && echo made > src/x/a.txt && echo tmp > "$TMPDIR/cw-sbx-$$" && cat src/x/a.txt');
    expect(readFileSync(path.join(ws, 'src', 'x', 'a.txt'), 'utf8')).toBe('made\n');
    expect(text).toBe('made');
  });

  it('keeps the directory a sandboxed cd moved to', async () => {
    const { ws, run, context } = setup(settings());
    mkdirSync(path.join(ws, 'sub'));
    await run('cd sub');
    const { text } = await run('pwd');
    expect(text).toBe(path.join(ws, 'sub'));
    expect(context.cwd).toBe(ws);
  });

  it('blocks a connection to a domain that is not allowed, and reaches one that is', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end('SERVED');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // Through the proxy (no_proxy emptied): the proxy refuses a host the settings do not list.
      const blocked = setup(settings({}, { allowedDomains: ['allowed.example.com'] }));
      const viaProxy = await blocked.run(`curl -sS -m 10 --noproxy '' http://127.0.0.1:${port}/`);
      expect(viaProxy.text).toMatch(/blocked by network allowlist/i);
      expect(viaProxy.text).toContain('The sandbox probably blocked a network connection');
      // Directly: the sandbox has its own network namespace, so the host's loopback is not there.
      const direct = await blocked.run(`node -e "fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(console.log, e => { console.log(e.cause?.code ?? e.message); process.exit(1); })"`);
      expect(direct.text).toMatch(/ECONNREFUSED/);
      expect(hits).toBe(0);
      // The control: once the settings list it, the same request goes through the proxy.
      const allowed = setup(settings({}, { allowedDomains: [`127.0.0.1:${port}`] }));
      const ok = await allowed.run(`curl -sS -m 10 --noproxy '' http://127.0.0.1:${port}/`);
      expect(ok.text).toBe('SERVED');
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('runs an excluded command outside the sandbox', async () => {
    const { ws, run } = setup(settings({ excludedCommands: ['touch'] }));
    await run('touch ../excluded.txt');
    expect(existsSync(path.join(ws, '..', 'excluded.txt'))).toBe(true);
  });

  it('runs with dangerouslyDisableSandbox outside the sandbox (once approved)', async () => {
    const { ws, run } = setup(settings());
    await run('touch ../override.txt', { dangerouslyDisableSandbox: true });
    expect(existsSync(path.join(ws, '..', 'override.txt'))).toBe(true);
  });
});

describe('Bash permissions with the sandbox setting', () => {
  const available: ShellPort = { spawn: () => { throw new Error('not used'); }, sandbox: () => ({ available: true }) };
  const missing: ShellPort = { spawn: () => { throw new Error('not used'); }, sandbox: () => ({ available: false, reason: 'The sandbox needs bubblewrap. Install with: sudo apt-get install bubblewrap socat' }) };

  it('runs a sandboxed command without asking under autoAllowBashIfSandboxed', async () => {
    const result = await setup(settings(), { shell: available }).decide('npm install');
    expect(result).toMatchObject({ behavior: 'allow', decisionReason: { type: 'other', reason: expect.stringContaining('autoAllowBashIfSandboxed') } });
  });

  it('asks as usual when autoAllowBashIfSandboxed is off, the setting is off, or the sandbox is missing', async () => {
    expect((await setup(settings({ autoAllowBashIfSandboxed: false }), { shell: available }).decide('npm install')).behavior).toBe('ask');
    expect((await setup(undefined, { shell: available }).decide('npm install')).behavior).toBe('ask');
    expect((await setup(settings(), { shell: missing }).decide('npm install')).behavior).toBe('ask');
  });

  it('asks for an excluded command (it runs unsandboxed)', async () => {
    const result = await setup(settings({ excludedCommands: ['docker'] }), { shell: available }).decide('ls && docker ps');
    expect(result.behavior).toBe('ask');
  });

  it('always asks for dangerouslyDisableSandbox, in bypassPermissions too', async () => {
    for (const mode of ['default', 'bypassPermissions'] as const) {
      const result = await setup(settings(), { shell: available, mode }).decide('npm install', { dangerouslyDisableSandbox: true });
      expect([mode, result]).toMatchObject([mode, { behavior: 'ask', decisionReason: { type: 'sandboxOverride' } }]);
    }
  });

  it('keeps deny rules, ask rules and protected-path checks ahead of the auto-allow', async () => {
    const h = setup(settings(), { shell: available, rules: { deny: ['Bash(rm:*)'], ask: ['Bash(npm publish:*)'] } });
    expect((await h.decide('rm -rf build')).behavior).toBe('deny');
    expect(await h.decide('npm publish')).toMatchObject({ behavior: 'ask', decisionReason: { type: 'rule' } });
    expect(await h.decide('echo x > .git/hooks/pre-commit')).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
    expect(await h.decide('echo "export X=1" >> ~/.bashrc')).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
  });

  it('refuses to run unsandboxed without the user agreeing, and says what to install', async () => {
    const h = setup(settings(), { shell: missing });
    await expect(h.run('echo hi')).rejects.toThrow(/sudo apt-get install bubblewrap socat[\s\S]*did not run/);
  });

  it('runs unsandboxed once the user agreed, asking once per session', async () => {
    let asked = 0;
    const h = setup(settings(), { shell: new NodeShell({ pollMs: 20 }) });
    const unavailable = h.context.ports.shell!;
    const shellMissing: ShellPort = { spawn: (c, o) => unavailable.spawn(c, { ...o, sandboxed: false }), sandbox: () => ({ available: false, reason: 'bubblewrap missing' }) };
    h.context.ports = {
      ...h.context.ports,
      shell: shellMissing,
      sandboxFallback: sessionSandboxFallback(async (why) => {
        asked++;
        expect(why).toBe('bubblewrap missing');
        return true;
      }),
    };
    expect((await h.run('echo one')).text).toBe('one');
    expect((await h.run('echo two')).text).toBe('two');
    expect(asked).toBe(1);
  });
});
