import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_GIT_STATUS_CHARS,
  MAX_MEMORY_FILE_CHARS,
  NodeEnvironment,
  truncateStatus,
} from '../../../../extension/host/node/environment';

/** Runs git for test setup, isolated from the machine's git config. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: path.join(cwd, '.no-global-config'), GIT_CONFIG_NOSYSTEM: '1' },
  });
}

const fixedNow = () => new Date(2026, 0, 5, 23, 30);

describe('NodeEnvironment', () => {
  let root: string;
  let home: string;
  let cwd: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'codewright-env-'));
    home = path.join(root, 'home');
    cwd = path.join(root, 'project');
    await mkdir(home, { recursive: true });
    await mkdir(cwd, { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports the folder, platform, OS version and local date', async () => {
    const info = await new NodeEnvironment({ cwd, homeDir: home, now: fixedNow }).info();
    expect(info.cwd).toBe(cwd);
    expect(info.platform).toBe(process.platform);
    expect(info.osVersion.length).toBeGreaterThan(0);
    expect(info.date).toBe('2026-01-05');
  });

  it('reports a folder outside any repository as not a git repo, without git details', async () => {
    const info = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(info.isGitRepo).toBe(false);
    expect(info.gitBranch).toBeUndefined();
    expect(info.gitStatus).toBeUndefined();
    expect(info.recentCommits).toBeUndefined();
  });

  it('reports not a git repo when git cannot be found', async () => {
    git(cwd, 'init', '-q', '-b', 'main');
    const savedPath = process.env.PATH;
    process.env.PATH = path.join(root, 'no-bin');
    try {
      const info = await new NodeEnvironment({ cwd, homeDir: home }).info();
      expect(info.isGitRepo).toBe(false);
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('takes a git snapshot: branch, status lines and recent commit subjects', async () => {
    git(cwd, 'init', '-q', '-b', 'trunk');
    await writeFile(path.join(cwd, 'app.ts'), 'export const a = 1;\n');
    git(cwd, 'add', 'app.ts');
    git(cwd, 'commit', '-q', '-m', 'Add the app module');
    await writeFile(path.join(cwd, 'app.ts'), 'export const a = 2;\n');
    await writeFile(path.join(cwd, 'new.txt'), 'new\n');

    const info = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(info.isGitRepo).toBe(true);
    expect(info.gitBranch).toBe('trunk');
    expect(info.gitStatus?.split('\n')).toEqual([' M app.ts', '?? new.txt']);
    expect(info.recentCommits).toMatch(/^[0-9a-f]+ Add the app module$/);
  });

  it('names the commit when HEAD is detached', async () => {
    git(cwd, 'init', '-q', '-b', 'main');
    await writeFile(path.join(cwd, 'a.txt'), 'a\n');
    git(cwd, 'add', 'a.txt');
    git(cwd, 'commit', '-q', '-m', 'First');
    const sha = git(cwd, 'rev-parse', '--short', 'HEAD').trim();
    git(cwd, 'checkout', '-q', '--detach');

    const info = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(info.gitBranch).toBe(`HEAD detached at ${sha}`);
  });

  it('reports a repository without commits with its branch and no commit list', async () => {
    git(cwd, 'init', '-q', '-b', 'main');
    const info = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(info.isGitRepo).toBe(true);
    expect(info.gitBranch).toBe('main');
    expect(info.recentCommits).toBeUndefined();
  });

  it('reads CLAUDE.md files of the folders above the workspace too, and the imports of each', async () => {
    await writeFile(path.join(root, 'CLAUDE.md'), 'parent rules\n@shared/team.md');
    await mkdir(path.join(root, 'shared'));
    await writeFile(path.join(root, 'shared', 'team.md'), 'team rules');
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'project rules');

    const environment = new NodeEnvironment({ cwd, homeDir: home });
    const { memoryFiles } = await environment.info();
    expect(memoryFiles.map((f) => f.path)).toEqual([path.join(root, 'CLAUDE.md'), path.join(cwd, 'CLAUDE.md')]);
    expect(memoryFiles[0]?.imports).toEqual([
      { path: path.join(root, 'shared', 'team.md'), importedFrom: path.join(root, 'CLAUDE.md'), line: 2, content: 'team rules' },
    ]);
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'project rules, edited');
    expect((await environment.memory()).files[1]?.content).toBe('project rules, edited');
  });

  it('picks up memory files from home and the working folder in user, project, local, agents order', async () => {
    await mkdir(path.join(home, '.claude'));
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(home, '.claude', 'CLAUDE.md'), 'user rules');
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'project rules');
    await writeFile(path.join(cwd, '.claude', 'CLAUDE.md'), 'dot-claude rules');
    await writeFile(path.join(cwd, 'CLAUDE.local.md'), 'local rules');
    await writeFile(path.join(cwd, 'AGENTS.md'), 'agent rules');

    const { memoryFiles } = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(memoryFiles).toEqual([
      { path: path.join(home, '.claude', 'CLAUDE.md'), type: 'user', content: 'user rules' },
      { path: path.join(cwd, 'CLAUDE.md'), type: 'project', content: 'project rules' },
      { path: path.join(cwd, '.claude', 'CLAUDE.md'), type: 'project', content: 'dot-claude rules' },
      { path: path.join(cwd, 'CLAUDE.local.md'), type: 'local', content: 'local rules' },
      { path: path.join(cwd, 'AGENTS.md'), type: 'agents', content: 'agent rules' },
    ]);
  });

  it('skips missing and unreadable memory files', async () => {
    await mkdir(path.join(cwd, 'CLAUDE.md')); // a folder where a file was expected cannot be read
    await writeFile(path.join(cwd, 'AGENTS.md'), 'agent rules');
    const { memoryFiles } = await new NodeEnvironment({ cwd, homeDir: home }).info();
    expect(memoryFiles.map((f) => f.type)).toEqual(['agents']);
  });

  it('lists ~/.claude/CLAUDE.md once, as user memory, when the home folder is the workspace', async () => {
    await mkdir(path.join(home, '.claude'));
    await writeFile(path.join(home, '.claude', 'CLAUDE.md'), 'user rules');
    const { memoryFiles } = await new NodeEnvironment({ cwd: home, homeDir: home }).info();
    expect(memoryFiles).toEqual([{ path: path.join(home, '.claude', 'CLAUDE.md'), type: 'user', content: 'user rules' }]);
  });

  it('cuts a memory file at 40,000 characters and says how much was left out', async () => {
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'x'.repeat(MAX_MEMORY_FILE_CHARS) + 'TAIL'.repeat(25));
    const [file] = (await new NodeEnvironment({ cwd, homeDir: home }).info()).memoryFiles;
    expect(file?.content.startsWith('x'.repeat(MAX_MEMORY_FILE_CHARS))).toBe(true);
    expect(file?.content).not.toContain('TAIL');
    expect(file?.content).toContain('[Truncated: 100 more characters');
  });
});

describe('truncateStatus', () => {
  it('keeps a short status as it is', () => {
    expect(truncateStatus(' M a.ts\n?? b.ts')).toBe(' M a.ts\n?? b.ts');
  });

  it('keeps whole lines up to the cap and counts the lines left out', () => {
    const lines = Array.from({ length: 300 }, (_, i) => ` M src/module-${String(i).padStart(3, '0')}.ts`);
    const out = truncateStatus(lines.join('\n'));
    const kept = out.split('\n').slice(0, -1);
    expect(kept).toEqual(lines.slice(0, kept.length));
    expect(kept.join('\n').length).toBeLessThanOrEqual(MAX_GIT_STATUS_CHARS);
    expect(out.split('\n').at(-1)).toBe(`… ${300 - kept.length} more lines not shown (run git status for all of them)`);
  });
});
