/**
 * /rewind in the interactive CLI: a Bash command creates, modifies and deletes files in a git workspace, and
 * /rewind puts all three back (cli/rewind.ts over cli/checkpoints.ts). main() runs in this process with a fake
 * terminal, in a scratch workspace and CODEWRIGHT_HOME.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../extension/cli/main';
import { sink, terminal } from './terminal';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../fixtures/fake-anthropic';

describe('codewright /rewind on a terminal', { timeout: 90_000 }, () => {
  let fake: FakeAnthropic;
  const saved = { cwd: process.cwd(), env: { ...process.env } };
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-cli-test' });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    process.chdir(saved.cwd);
    process.env = { ...saved.env };
  });

  async function session(typed: string) {
    const out = sink();
    const err = sink();
    const io = { stdin: terminal(typed), stdout: out.stream, stderr: err.stream } as unknown as Parameters<typeof main>[1];
    const code = await main(['--permission-mode', 'bypassPermissions'], io);
    return { code, out: out.text(), err: err.text() };
  }

  function workspace(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'cw-rewind-ws-'));
    writeFileSync(path.join(dir, 'config.txt'), 'version = 1\n');
    writeFileSync(path.join(dir, 'old.txt'), 'to be removed\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'start');
    Object.assign(process.env, { CODEWRIGHT_HOME: mkdtempSync(path.join(tmpdir(), 'cw-rewind-home-')), ANTHROPIC_API_KEY: 'sk-cli-test', ANTHROPIC_BASE_URL: fake.url });
    delete process.env.CODEWRIGHT_BASH_SNAPSHOTS;
    process.chdir(dir);
    return dir;
  }

  const script = () =>
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: "printf 'made\\n' > made.txt && printf 'version = 2\\n' > config.txt && rm old.txt" } }] },
      textTurn('Done.', { expect: { toolResultIds: ['toolu_b'] } }),
    ]);

  it('puts back what a Bash command created, modified and deleted', async () => {
    const dir = workspace();
    script();
    const run = await session('bump the version\n/rewind\n1\ny\n/exit\n');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Done.');
    expect(run.out).toContain('1. bump the version');
    expect(run.out).toMatch(/restore config\.txt/);
    expect(run.out).toMatch(/restore old\.txt/);
    expect(run.out).toMatch(/delete \(created since\) made\.txt/);
    expect(run.out).toContain('Rewound 3 files to before "bump the version".');
    expect(readFileSync(path.join(dir, 'config.txt'), 'utf8')).toBe('version = 1\n');
    expect(readFileSync(path.join(dir, 'old.txt'), 'utf8')).toBe('to be removed\n');
    expect(existsSync(path.join(dir, 'made.txt'))).toBe(false);
  });

  it('leaves the files as they are when the rewind is cancelled, and says why nothing happens with snapshots off', async () => {
    const dir = workspace();
    script();
    const cancelled = await session('bump the version\n/rewind\n1\nn\n/exit\n');
    expect(cancelled.out).toContain('Cancelled: nothing was rewound.');
    expect(readFileSync(path.join(dir, 'config.txt'), 'utf8')).toBe('version = 2\n');

    const other = workspace();
    process.env.CODEWRIGHT_BASH_SNAPSHOTS = '0';
    script();
    const off = await session('bump the version\n/rewind\n1\n/exit\n');
    expect(off.out).toContain('Nothing to rewind: the files are already as they were before "bump the version".');
    expect(readFileSync(path.join(other, 'config.txt'), 'utf8')).toBe('version = 2\n');
  });
});
