import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShellExit } from '../../../../../extension/core/contracts/shell';
import { mirrorShell, type TerminalMirror } from '../../../../../extension/host/node/shell/mirror';
import { NodeShell } from '../../../../../extension/host/node/shell/nodeShell';

class RecordingMirror implements TerminalMirror {
  readonly log: string[] = [];
  commandStarted(command: string, opts: { cwd: string }) {
    this.log.push(`start ${command} in ${opts.cwd}`);
  }
  output(text: string) {
    this.log.push(`out ${text}`);
  }
  commandEnded(exit: ShellExit) {
    this.log.push(`end ${exit.code}`);
  }
  commandBackgrounded(taskId: string) {
    this.log.push(`bg ${taskId}`);
  }
}

describe('host/node/shell mirrorShell', () => {
  it('mirrors the command, its output and its exit, and the caller still gets the output', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'codewright-mirror-'));
    const mirror = new RecordingMirror();
    const shell = mirrorShell(new NodeShell({ pollMs: 20 }), mirror);
    const proc = shell.spawn('echo hello; echo oops >&2; exit 4', { cwd: dir, outputFile: path.join(dir, 'out') });
    let seen = '';
    proc.onOutput((t) => (seen += t));
    expect((await proc.exited).code).toBe(4);
    expect(seen).toBe('hello\noops\n');
    expect(mirror.log[0]).toBe(`start echo hello; echo oops >&2; exit 4 in ${dir}`);
    expect(mirror.log.filter((l) => l.startsWith('out ')).join('').replace(/out /g, '')).toBe('hello\noops\n');
    expect(mirror.log.at(-1)).toBe('end 4');
  });

  it('stops echoing a command once it moves to the background', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'codewright-mirror-'));
    const mirror = new RecordingMirror();
    const shell = mirrorShell(new NodeShell({ pollMs: 20 }), mirror);
    const proc = shell.spawn('sleep 0.2; echo later', { cwd: dir, outputFile: path.join(dir, 'out') });
    proc.background('b12345678');
    await proc.exited;
    expect(mirror.log).toEqual([`start sleep 0.2; echo later in ${dir}`, 'bg b12345678']);
  });
});
