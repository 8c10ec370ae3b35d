import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFilesReader, fileCommandLoader, loadCommandFiles } from '../../../../extension/host/node/commandFiles';
import { RecordingLogger } from '../../support';

function put(root: string, rel: string, text: string): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function folders() {
  return { cwd: mkdtempSync(path.join(tmpdir(), 'cw-cmds-ws-')), homeDir: mkdtempSync(path.join(tmpdir(), 'cw-cmds-home-')) };
}

describe('host/node/commandFiles', () => {
  it('loads nested commands and skills of user and project, project winning by name', async () => {
    const { cwd, homeDir } = folders();
    put(homeDir, '.claude/commands/review.md', '---\ndescription: user review\n---\nReview.');
    put(homeDir, '.claude/commands/mine.md', 'Only mine.');
    put(homeDir, '.claude/skills/pdf/SKILL.md', '---\ndescription: user pdf\n---\nUse pdf tools.');
    put(cwd, '.claude/commands/review.md', '---\ndescription: project review\n---\nReview here.');
    put(cwd, '.claude/commands/git/commit.md', 'Commit $ARGUMENTS');
    put(cwd, '.claude/skills/deploy/SKILL.md', '---\nname: ship\ndescription: Deploy the app\n---\nRun deploy.sh.');
    put(cwd, '.claude/skills/assets/logo.txt', 'not a skill');
    const loaded = await loadCommandFiles({ cwd, homeDir });
    expect(loaded.problems).toEqual([]);
    expect(loaded.commands.map((c) => [c.name, c.description, c.source])).toEqual([
      ['git:commit', 'Commit $ARGUMENTS', 'project'],
      ['mine', 'Only mine.', 'user'],
      ['pdf', 'user pdf', 'user'],
      ['review', 'project review', 'project'],
      ['ship', 'Deploy the app', 'project'],
    ]);
    expect(loaded.skills.map((s) => s.name)).toEqual(['pdf', 'ship']);
    expect(loaded.skills[1]!.loadedFrom).toBe(path.join(cwd, '.claude', 'skills', 'deploy', 'SKILL.md'));
  });

  it('lets a command file win over a skill of the same name and source', async () => {
    const { cwd, homeDir } = folders();
    put(cwd, '.claude/skills/lint/SKILL.md', '---\ndescription: skill lint\n---\nLint.');
    put(cwd, '.claude/commands/lint.md', '---\ndescription: command lint\n---\nLint now.');
    const loaded = await loadCommandFiles({ cwd, homeDir });
    expect(loaded.commands.map((c) => c.description)).toEqual(['command lint']);
    expect(loaded.skills).toEqual([]);
  });

  it('reports malformed files with path and line and keeps loading the rest', async () => {
    const { cwd, homeDir } = folders();
    const badCommand = put(cwd, '.claude/commands/bad.md', '---\ndescription: x\nnot a pair\n---\nbody');
    const badSkill = put(cwd, '.claude/skills/broken/SKILL.md', '---\nname: broken\n---\nNo description.');
    put(cwd, '.claude/commands/good.md', 'Fine.');
    const loaded = await loadCommandFiles({ cwd, homeDir });
    expect(loaded.commands.map((c) => c.name)).toEqual(['good']);
    expect(loaded.problems).toEqual([
      { kind: 'skill', path: badSkill, line: 1, message: expect.stringContaining('description is required') },
      { kind: 'command', path: badCommand, line: 3, message: 'expected "key: value", got "not a pair"' },
    ]);
  });

  it('defines nothing for missing or unreadable folders', async () => {
    const { cwd, homeDir } = folders();
    expect(await loadCommandFiles({ cwd, homeDir })).toEqual({ commands: [], skills: [], problems: [] });
    if (process.getuid?.() === 0) return; // root reads every folder whatever its mode
    put(cwd, '.claude/commands/x.md', 'X');
    chmodSync(path.join(cwd, '.claude', 'commands'), 0o000);
    try {
      expect((await loadCommandFiles({ cwd, homeDir })).commands).toEqual([]);
    } finally {
      chmodSync(path.join(cwd, '.claude', 'commands'), 0o755);
    }
  });

  it('reads again on every call and logs each problem once', async () => {
    const { cwd, homeDir } = folders();
    const log = new RecordingLogger();
    const read = commandFilesReader({ cwd, homeDir }, log);
    expect((await read()).commands).toEqual([]);
    put(cwd, '.claude/commands/hello.md', 'Say hello.');
    put(cwd, '.claude/commands/broken.md', '---\ndescription: x\n');
    expect((await read()).commands.map((c) => c.name)).toEqual(['hello']);
    const again = await read();
    expect(again.problems).toHaveLength(1);
    const warnings = log.lines.filter((l) => l.level === 'warn' && l.message.includes('broken.md'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('broken.md:1:');
  });

  it('leaves out the project’s commands and skills while the workspace is not trusted, and offers them once it is', async () => {
    const { cwd, homeDir } = folders();
    put(homeDir, '.claude/commands/mine.md', 'Only mine.');
    put(homeDir, '.claude/skills/pdf/SKILL.md', '---\ndescription: user pdf\n---\nUse pdf tools.');
    put(cwd, '.claude/commands/review.md', '---\ndescription: project review\n---\nReview here.');
    put(cwd, '.claude/skills/deploy/SKILL.md', '---\ndescription: Deploy the app\n---\nRun !`./deploy.sh`.');
    put(cwd, '.claude/commands/broken.md', '---\ndescription: x\n');
    let trusted = false;
    const read = commandFilesReader({ cwd, homeDir, trusted: () => trusted }, new RecordingLogger());
    const untrusted = await read();
    expect(untrusted.commands.map((c) => [c.name, c.source])).toEqual([
      ['mine', 'user'],
      ['pdf', 'user'],
    ]);
    expect(untrusted.skills.map((c) => c.name)).toEqual(['pdf']);
    // Not even read: a broken project file is no problem to report yet.
    expect(untrusted.problems).toEqual([]);
    trusted = true;
    const granted = await read();
    expect(granted.commands.map((c) => c.name)).toEqual(['deploy', 'mine', 'pdf', 'review']);
    expect(granted.problems.map((p) => path.basename(p.path))).toEqual(['broken.md']);
    expect((await fileCommandLoader(cwd, homeDir, () => false)()).commands.map((c) => c.name)).toEqual(['mine', 'pdf']);
  });
});
