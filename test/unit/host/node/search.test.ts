import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findRipgrep,
  nodeRipgrepCandidates,
  packagedRipgrepPath,
  RIPGREP_BINARY,
  runRipgrep,
} from '../../../../extension/host/node/ripgrep';
import { NodeSearch, planGlob } from '../../../../extension/host/node/search';
import { VsCodeSearch, vscodeRipgrepCandidates } from '../../../../extension/host/vscode/search';
import { searchContract } from '../../../contract/search.contract';
import { fakeRg, isRunning, removeTempDirs, tempDir } from '../../tools/Grep/searchTree';

afterAll(removeTempDirs);

searchContract(describe, it, () => new NodeSearch());

const posixOnly = it.skipIf(process.platform === 'win32');

/** An executable file named rg in a new folder (contents irrelevant unless run). */
function rgIn(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, RIPGREP_BINARY);
  writeFileSync(file, '#!/bin/sh\necho fake\n');
  chmodSync(file, 0o755);
  return file;
}

const waitForPid = async (file: string): Promise<number> => {
  for (;;) {
    try {
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid) return pid;
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('host/node findRipgrep', () => {
  it('says what to install, and where it looked, when no candidate exists', async () => {
    const missing = path.join(tmpdir(), 'cw-no-such-dir', 'rg');
    await expect(findRipgrep([undefined, missing, 'rg-not-installed-anywhere'], { PATH: '' })).rejects.toThrow(
      `ripgrep (rg) was not found: install it (apt-get install ripgrep / brew install ripgrep`,
    );
    await expect(findRipgrep([missing], { PATH: '' })).rejects.toThrow(`Looked for: ${missing}`);
  });

  posixOnly('takes the first candidate that is an executable file, then looks names up on PATH', async () => {
    const root = tempDir('cw-find-rg-');
    const first = rgIn(path.join(root, 'first'));
    const onPath = rgIn(path.join(root, 'bin'));
    const notExecutable = path.join(root, 'plain', 'rg');
    mkdirSync(path.dirname(notExecutable));
    writeFileSync(notExecutable, '');
    const env = { PATH: [path.join(root, 'empty'), path.join(root, 'bin')].join(path.delimiter) };
    expect(await findRipgrep([notExecutable, first, 'rg'], env)).toBe(first);
    expect(await findRipgrep([notExecutable, path.join(root, 'first'), 'rg'], env)).toBe(onPath);
  });

  it('prefers an explicit path, then the @vscode/ripgrep binary, then PATH', () => {
    const packaged = packagedRipgrepPath();
    expect(packaged).toMatch(/@vscode[\\/]ripgrep-[\w-]+[\\/]bin[\\/]rg/);
    expect(nodeRipgrepCandidates('/opt/rg')).toEqual(['/opt/rg', packaged, RIPGREP_BINARY]);
  });

  posixOnly('VsCodeSearch looks in VS Code’s app root first, unpacked or plain, before PATH', async () => {
    const appRoot = tempDir('cw-approot-');
    expect(vscodeRipgrepCandidates('/app').slice(1)).toEqual([
      path.join('/app', 'node_modules', '@vscode', 'ripgrep', 'bin', RIPGREP_BINARY),
      path.join('/app', 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', RIPGREP_BINARY),
      RIPGREP_BINARY,
    ]);
    const unpacked = rgIn(path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin'));
    expect(await new VsCodeSearch({ appRoot }).rgPath()).toBe(unpacked);
    const plain = rgIn(path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin'));
    expect(await new VsCodeSearch({ appRoot }).rgPath()).toBe(plain);
  });
});

describe('host/node runRipgrep', () => {
  posixOnly('kills rg once stdout passes the cap and keeps whole lines only', async () => {
    const { rgPath, pidFile } = fakeRg("exec yes 'one line of output'");
    const out = await runRipgrep(rgPath, [], { cwd: tmpdir(), maxOutputBytes: 10_000 });
    expect(out.truncated).toBe(true);
    expect(out.exitCode).toBe(0);
    expect(out.stdout.length).toBeLessThanOrEqual(10_000);
    expect(out.stdout.split('\n').slice(0, -1).every((l) => l === 'one line of output')).toBe(true);
    expect(out.stdout.endsWith('\n')).toBe(true);
    expect(isRunning(await waitForPid(pidFile))).toBe(false);
  });

  posixOnly('kills rg and rejects with an AbortError when the signal aborts', async () => {
    const { rgPath, pidFile } = fakeRg('exec sleep 30');
    const controller = new AbortController();
    const running = runRipgrep(rgPath, [], { cwd: tmpdir(), signal: controller.signal });
    const pid = await waitForPid(pidFile);
    expect(isRunning(pid)).toBe(true);
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(isRunning(pid)).toBe(false);
  });

  posixOnly('returns exit code 2 and stderr when rg fails', async () => {
    const { rgPath } = fakeRg('echo "rg: something broke" >&2; exit 2');
    expect(await runRipgrep(rgPath, [], { cwd: tmpdir() })).toEqual({
      exitCode: 2,
      stderr: 'rg: something broke\n',
      stdout: '',
      truncated: false,
    });
  });

  it('falls back from a bogus explicit rgPath to the next candidate', async () => {
    const search = new NodeSearch({ rgPath: path.join(tmpdir(), 'cw-missing', 'rg') });
    expect(await search.rgPath()).toBe(packagedRipgrepPath());
  });
});

describe('host/node planGlob', () => {
  it('turns name patterns into a file type, so .gitignore still applies', () => {
    expect(planGlob('**/*.ts')).toEqual({ root: '.', args: ['--type-add', 'cwglob:*.ts', '--type', 'cwglob', '--glob', '!.*'] });
    expect(planGlob('src/**/*.{ts,tsx}').root).toBe('src');
    expect(planGlob('src/*.ts').args).toContain('--max-depth');
  });

  it('keeps rg globs for deeper shapes and lets a dotted pattern see hidden files', () => {
    expect(planGlob('src/*/index.ts')).toEqual({ root: 'src', args: ['--glob', '*/index.ts', '--glob', '!.*'] });
    expect(planGlob('.github/workflows/*.yml')).toEqual({
      root: '.github/workflows',
      args: ['--type-add', 'cwglob:*.yml', '--type', 'cwglob', '--max-depth', '1', '--glob', '!.*'],
    });
    expect(planGlob('**/.env*').args).toEqual(['--type-add', 'cwglob:.env*', '--type', 'cwglob', '--hidden', '--glob', '!.git']);
  });
});
