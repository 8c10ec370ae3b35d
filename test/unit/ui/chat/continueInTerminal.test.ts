import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPath, terminalLaunch, type LaunchInputs } from '../../../../extension/ui/chat/continueInTerminal';

const inputs = (over: Partial<LaunchInputs>): LaunchInputs => ({
  sessionId: 'abc-123',
  cliPath: '/ext/dist/cli.js',
  execPath: '/opt/Code Helper',
  platform: 'linux',
  onPath: () => false,
  env: { CODEWRIGHT_HOME: '/h' },
  ...over,
});

describe('terminalLaunch', () => {
  it('runs codewright --resume <id> when it is on PATH', () => {
    expect(terminalLaunch(inputs({ onPath: (n) => n === 'codewright' }))).toEqual({ commandLine: 'codewright --resume abc-123', env: { CODEWRIGHT_HOME: '/h' } });
  });

  it('falls back to node and the extension own dist/cli.js', () => {
    expect(terminalLaunch(inputs({ onPath: (n) => n === 'node', cliPath: "/ext's dir/dist/cli.js" })).commandLine).toBe(`node '/ext'\\''s dir/dist/cli.js' --resume abc-123`);
  });

  it('runs the host own executable as Node when neither is on PATH, quoting for PowerShell on Windows', () => {
    expect(terminalLaunch(inputs({}))).toEqual({ commandLine: `'/opt/Code Helper' /ext/dist/cli.js --resume abc-123`, env: { CODEWRIGHT_HOME: '/h', ELECTRON_RUN_AS_NODE: '1' } });
    expect(terminalLaunch(inputs({ platform: 'win32', execPath: 'C:\\Code\\Code.exe', cliPath: 'C:\\ext\\dist\\cli.js' })).commandLine).toBe('& "C:\\Code\\Code.exe" "C:\\ext\\dist\\cli.js" --resume abc-123');
  });
});

describe('onPath', () => {
  it('finds an executable in a PATH folder, and not a file that cannot be run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cw-path-'));
    writeFileSync(path.join(dir, 'codewright'), '#!/bin/sh\n');
    chmodSync(path.join(dir, 'codewright'), 0o755);
    writeFileSync(path.join(dir, 'plain'), '');
    chmodSync(path.join(dir, 'plain'), 0o644);
    expect(onPath('codewright', { PATH: `/nowhere${path.delimiter}${dir}` }, 'linux')).toBe(true);
    expect(onPath('plain', { PATH: dir }, 'linux')).toBe(false);
    expect(onPath('codewright', { PATH: '' }, 'linux')).toBe(false);
  });
});
