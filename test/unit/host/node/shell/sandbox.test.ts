/**
 * The sandbox on the Node host: detection (what is missing, and the install command for this distribution)
 * and sandboxed spawns through @anthropic-ai/sandbox-runtime for real (bubblewrap is installed here and in CI).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeShell } from '../../../../../extension/host/node/shell/nodeShell';
import { detectSandbox, installCommand } from '../../../../../extension/host/node/shell/sandbox';
import { minimalSandboxPolicy } from '../../../../../extension/host/node/shell/sandboxRuntime';
import { gone } from '../../../tools/Bash/harness';

const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

describe('detectSandbox', () => {
  it('names the missing packages and the apt-get command on Debian and Ubuntu', () => {
    const status = detectSandbox({ platform: 'linux', has: (b) => b === 'rg', osRelease: UBUNTU, probe: () => undefined });
    expect(status).toEqual({ available: false, reason: expect.stringContaining('sudo apt-get install bubblewrap socat') });
    expect(status.available ? '' : status.reason).toMatch(/needs bubblewrap, socat/);
  });

  it('gives the dnf command on Fedora and both when the distribution is unknown', () => {
    expect(installCommand(['bubblewrap', 'socat'], FEDORA)).toBe('sudo dnf install bubblewrap socat');
    expect(installCommand(['bubblewrap'], 'ID=plan9\n')).toMatch(/apt-get install bubblewrap .*dnf install bubblewrap/);
  });

  it('reports a bubblewrap that cannot create its namespaces', () => {
    const status = detectSandbox({ platform: 'linux', has: () => true, probe: () => 'bwrap: No permissions to creating new namespace' });
    expect(status.available).toBe(false);
    expect(status.available ? '' : status.reason).toMatch(/cannot create its sandbox.*No permissions/);
  });

  it('is available with every binary present and a working probe, and unsupported on Windows', () => {
    expect(detectSandbox({ platform: 'linux', has: () => true, probe: () => undefined })).toEqual({ available: true });
    expect(detectSandbox({ platform: 'win32' })).toMatchObject({ available: false, reason: expect.stringContaining('not supported on win32') });
  });
});

const status = detectSandbox();
describe.skipIf(!status.available)(`NodeShell sandboxed spawns (${status.available ? 'bubblewrap present' : status.reason})`, () => {
  const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
  afterAll(() => shell.dispose());
  const dirs = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cw-sbx-'));
    const ws = path.join(root, 'ws');
    mkdirSync(ws);
    return { root, ws, out: path.join(root, 'out.txt') };
  };

  it('writes only where the policy allows, and reports the directory the command ended in', async () => {
    const { root, ws, out } = dirs();
    mkdirSync(path.join(ws, 'sub'));
    const proc = shell.spawn('echo in > inside.txt; echo out > ../outside.txt; cd sub', { cwd: ws, outputFile: out, sandboxed: true, sandboxPolicy: minimalSandboxPolicy(ws) });
    const exit = await proc.exited;
    expect(readFileSync(path.join(ws, 'inside.txt'), 'utf8')).toBe('in\n');
    expect(existsSync(path.join(root, 'outside.txt'))).toBe(false);
    expect(readFileSync(out, 'utf8')).toMatch(/outside.txt: Read-only file system/);
    expect(exit.cwd).toBe(path.join(ws, 'sub'));
  });

  it('keeps the settings files and git hooks of an open folder read-only', async () => {
    const { ws, out } = dirs();
    mkdirSync(path.join(ws, '.claude'));
    execFileSync('git', ['init', '-q', ws]);
    writeFileSync(path.join(ws, '.claude', 'settings.json'), '{}');
    const policy = { ...minimalSandboxPolicy(ws), denyWrite: [path.join(ws, '.claude', 'settings.json')] };
    await shell.spawn('echo x > .claude/settings.json; echo y > .git/hooks/pre-commit', { cwd: ws, outputFile: out, sandboxed: true, sandboxPolicy: policy }).exited;
    expect(readFileSync(path.join(ws, '.claude', 'settings.json'), 'utf8')).toBe('{}');
    expect(existsSync(path.join(ws, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('kills a sandboxed command and everything it started', async () => {
    const { ws, out } = dirs();
    const proc = shell.spawn('sleep 30 & echo $! > /dev/null; echo started; sleep 30', { cwd: ws, outputFile: out, sandboxed: true, sandboxPolicy: minimalSandboxPolicy(ws) });
    await new Promise<void>((resolve) => proc.onOutput((t) => t.includes('started') && resolve()));
    const pid = proc.pid!;
    await proc.kill();
    expect((await proc.exited).code).toBeGreaterThan(0);
    expect((await gone(pid)).code).toBe('ESRCH');
  });
});
