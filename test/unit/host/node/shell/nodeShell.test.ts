import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../../extension/host/node/shell/sandbox';
import { NodeShell } from '../../../../../extension/host/node/shell/nodeShell';
import { gone, isRunning, pidFrom, until } from '../../../tools/Bash/harness';

function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'codewright-shell-'));
  const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
  const outputFile = path.join(dir, 'out.txt');
  return { dir, shell, outputFile };
}

describe('host/node/shell NodeShell', () => {
  it('writes stdout and stderr to one file in the order they were written, and streams it', async () => {
    const { dir, shell, outputFile } = setup();
    const proc = shell.spawn('for i in 1 2 3; do echo "out $i"; echo "err $i" >&2; done', { cwd: dir, outputFile });
    let streamed = '';
    proc.onOutput((t) => (streamed += t));
    const exit = await proc.exited;
    const expected = 'out 1\nerr 1\nout 2\nerr 2\nout 3\nerr 3\n';
    expect(exit.code).toBe(0);
    expect(streamed).toBe(expected);
    expect(readFileSync(outputFile, 'utf8')).toBe(expected);
  });

  it('reports the exit code and the directory the command ended in, even after `exit`', async () => {
    const { dir, shell, outputFile } = setup();
    const exit = await shell.spawn('mkdir -p sub/deeper && cd sub/deeper && exit 7', { cwd: dir, outputFile }).exited;
    expect(exit).toEqual({ code: 7, cwd: path.join(dir, 'sub/deeper') });
  });

  it('keeps multi-byte characters whole when they arrive in pieces', async () => {
    const { dir, shell, outputFile } = setup();
    const proc = shell.spawn("printf '\\xc3'; sleep 0.1; printf '\\xa9t\\xc3\\xa9\\n'", { cwd: dir, outputFile });
    let streamed = '';
    proc.onOutput((t) => (streamed += t));
    await proc.exited;
    expect(streamed).toBe('été\n');
  });

  it('answers exit code 127 with a message when the directory does not exist', async () => {
    const { dir, shell, outputFile } = setup();
    const proc = shell.spawn('echo hi', { cwd: path.join(dir, 'missing'), outputFile });
    const exit = await proc.exited;
    expect(exit.code).toBe(127);
    expect(readFileSync(outputFile, 'utf8')).toMatch(/Could not start bash in .*missing/);
  });

  it('kills the whole process tree, grandchildren included', async () => {
    const { dir, shell, outputFile } = setup();
    const pidFile = path.join(dir, 'pid');
    const proc = shell.spawn(`sleep 300 & echo $! > ${pidFile}; wait`, { cwd: dir, outputFile });
    const grandchild = await pidFrom(pidFile);
    expect(isRunning(grandchild)).toBe(true);
    await proc.kill();
    const exit = await proc.exited;
    expect(exit.signal).toBe('SIGTERM');
    expect(exit.code).toBe(143);
    expect(isRunning(grandchild)).toBe(false);
    expect((await gone(grandchild)).code).toBe('ESRCH');
  });

  it('escalates to SIGKILL when a command ignores SIGTERM', async () => {
    const { dir, shell, outputFile } = setup();
    const proc = shell.spawn("trap '' TERM; echo ready; while :; do sleep 0.05; done", { cwd: dir, outputFile });
    let out = '';
    proc.onOutput((t) => (out += t));
    await until(() => out.includes('ready'));
    const started = Date.now();
    await proc.kill();
    expect((await proc.exited).signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(isRunning(proc.pid!)).toBe(false);
  });

  it('reports whether the sandbox can run, with what to install when it cannot', () => {
    const status = new NodeShell().sandbox();
    expect(status).toEqual(detectSandbox());
    if (!status.available) expect(status.reason).toMatch(/install|not supported|cannot create/i);
  });
});
