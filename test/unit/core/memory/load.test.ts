import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../../extension/core/loop/query/systemPrompt';
import { loadMemoryFiles, MAX_IMPORT_DEPTH } from '../../../../extension/core/engines/memory/load';
import { loadSessionMemory, memoryCandidates } from '../../../../extension/core/engines/memory/walk';
import type { EnvironmentInfo, MemoryFile } from '../../../../extension/core/contracts/environment';
import { FakeMemoryIo } from './fakeIo';

const env = (memoryFiles: MemoryFile[]): EnvironmentInfo => ({ cwd: '/w/app', platform: 'linux', osVersion: 't', date: '2026-01-01', isGitRepo: false, memoryFiles });
const memoryBlock = (files: MemoryFile[]) => buildSystemPrompt({ env: env(files), tools: [] }).at(-1)!.text;

describe('core/memory walk-up', () => {
  it('looks in ~/.claude, then every folder from / down to the workspace, then AGENTS.md', () => {
    expect(memoryCandidates('/w/app', '/home/u').map((c) => `${c.type} ${c.path}`)).toEqual([
      'user /home/u/.claude/CLAUDE.md',
      'project /CLAUDE.md',
      'project /.claude/CLAUDE.md',
      'local /CLAUDE.local.md',
      'project /w/CLAUDE.md',
      'project /w/.claude/CLAUDE.md',
      'local /w/CLAUDE.local.md',
      'project /w/app/CLAUDE.md',
      'project /w/app/.claude/CLAUDE.md',
      'local /w/app/CLAUDE.local.md',
      'agents /w/app/AGENTS.md',
    ]);
  });

  it('keeps ~/.claude/CLAUDE.md as user memory only when the walk passes the home folder', () => {
    const paths = memoryCandidates('/home/u/proj', '/home/u').map((c) => c.path);
    expect(paths.filter((p) => p === '/home/u/.claude/CLAUDE.md')).toHaveLength(1);
    expect(memoryCandidates('/home/u/proj', '/home/u')[0]).toEqual({ path: '/home/u/.claude/CLAUDE.md', type: 'user' });
  });

  it('loads the files that exist and the system prompt puts ancestors first, the closest last, user memory kept', async () => {
    const io = new FakeMemoryIo({
      '/home/u/.claude/CLAUDE.md': 'USER',
      '/CLAUDE.md': 'ROOT',
      '/w/CLAUDE.md': 'PARENT',
      '/w/CLAUDE.local.md': 'PARENT LOCAL',
      '/w/app/CLAUDE.md': 'APP',
      '/w/app/.claude/CLAUDE.md': 'APP DOT',
      '/w/app/CLAUDE.local.md': 'APP LOCAL',
    });
    const { files, problems } = await loadSessionMemory('/w/app', io);
    expect(problems).toEqual([]);
    expect(files.map((f) => f.content)).toEqual(['USER', 'ROOT', 'PARENT', 'PARENT LOCAL', 'APP', 'APP DOT', 'APP LOCAL']);
    // Whatever order the files arrive in, the prompt is the same bytes with ancestors before closer folders.
    const block = memoryBlock(files);
    expect(memoryBlock([...files].reverse())).toBe(block);
    const at = ['USER', 'ROOT', 'PARENT\n', 'APP DOT', 'APP\n', 'PARENT LOCAL', 'APP LOCAL'].map((s) => block.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe('core/memory imports', () => {
  it('includes relative, ~/ and absolute imports after the importing file, depth first, with where they came from', async () => {
    const io = new FakeMemoryIo({
      '/w/app/CLAUDE.md': 'Main\n@docs/style.md\n@~/team.md\n@/opt/shared.md',
      '/w/app/docs/style.md': 'Style\n@../naming.md',
      '/w/app/naming.md': 'Naming',
      '/home/u/team.md': 'Team',
      '/opt/shared.md': 'Shared',
    });
    const { files, problems } = await loadMemoryFiles([{ path: '/w/app/CLAUDE.md', type: 'project' }], io);
    expect(problems).toEqual([]);
    expect(files[0]!.imports).toEqual([
      { path: '/w/app/docs/style.md', importedFrom: '/w/app/CLAUDE.md', line: 2, content: 'Style\n@../naming.md' },
      { path: '/w/app/naming.md', importedFrom: '/w/app/docs/style.md', line: 2, content: 'Naming' },
      { path: '/home/u/team.md', importedFrom: '/w/app/CLAUDE.md', line: 3, content: 'Team' },
      { path: '/opt/shared.md', importedFrom: '/w/app/CLAUDE.md', line: 4, content: 'Shared' },
    ]);
    const block = memoryBlock(files);
    expect(block).toContain('### Imported by /w/app/docs/style.md:2: /w/app/naming.md\n\nNaming');
    expect(block.indexOf('Main')).toBeLessThan(block.indexOf('Style'));
    expect(block.indexOf('Style')).toBeLessThan(block.indexOf('Naming'));
  });

  it(`follows ${MAX_IMPORT_DEPTH} hops and refuses the next one with a problem naming the file and line`, async () => {
    const chain: Record<string, string> = { '/w/CLAUDE.md': 'root\n@d1.md' };
    for (let i = 1; i <= 7; i++) chain[`/w/d${i}.md`] = `depth ${i}\n\n@d${i + 1}.md`;
    const { files, problems } = await loadMemoryFiles([{ path: '/w/CLAUDE.md', type: 'project' }], new FakeMemoryIo(chain));
    expect(files[0]!.imports!.map((i) => i.path)).toEqual(['/w/d1.md', '/w/d2.md', '/w/d3.md', '/w/d4.md', '/w/d5.md']);
    expect(problems).toEqual([{ kind: 'memory', path: '/w/d5.md', line: 3, message: expect.stringMatching(/^Import too deep: @d6\.md/) }]);
  });

  it('refuses a cycle with a problem at the line that closes it, and loads the rest', async () => {
    const io = new FakeMemoryIo({
      '/w/CLAUDE.md': 'root\n@a.md',
      '/w/a.md': 'A\n@b.md',
      '/w/b.md': 'B\nsee\n@a.md\n@CLAUDE.md',
    });
    const { files, problems } = await loadMemoryFiles([{ path: '/w/CLAUDE.md', type: 'project' }], io);
    expect(files[0]!.imports!.map((i) => i.path)).toEqual(['/w/a.md', '/w/b.md']);
    expect(problems.map((p) => [p.path, p.line, p.message.split(':')[0]])).toEqual([
      ['/w/b.md', 3, 'Import cycle'],
      ['/w/b.md', 4, 'Import cycle'],
    ]);
  });

  it('reports a missing import at its line and keeps the file and its other imports', async () => {
    const io = new FakeMemoryIo({ '/w/CLAUDE.md': 'Use tabs.\n\n@gone.md\n@here.md', '/w/here.md': 'Here' });
    const { files, problems } = await loadMemoryFiles([{ path: '/w/CLAUDE.md', type: 'project' }], io);
    expect(files).toEqual([
      { path: '/w/CLAUDE.md', type: 'project', content: 'Use tabs.\n\n@gone.md\n@here.md', imports: [expect.objectContaining({ path: '/w/here.md' })] },
    ]);
    expect(problems).toEqual([{ kind: 'memory', path: '/w/CLAUDE.md', line: 3, message: 'Imported file not found: @gone.md (/w/gone.md); skipped.' }]);
  });

  it('includes a file imported twice once, and does not repeat a memory file another one already imported', async () => {
    const io = new FakeMemoryIo({
      '/w/CLAUDE.md': '@shared.md\n@CLAUDE.local.md\n@shared.md',
      '/w/shared.md': 'Shared',
      '/w/CLAUDE.local.md': 'Local',
    });
    const { files, problems } = await loadMemoryFiles(
      [
        { path: '/w/CLAUDE.md', type: 'project' },
        { path: '/w/CLAUDE.local.md', type: 'local' },
      ],
      io,
    );
    expect(problems).toEqual([]);
    expect(files.map((f) => f.path)).toEqual(['/w/CLAUDE.md']);
    expect(files[0]!.imports!.map((i) => i.path)).toEqual(['/w/shared.md', '/w/CLAUDE.local.md']);
  });

  it('does not follow @paths in code', async () => {
    const io = new FakeMemoryIo({ '/w/CLAUDE.md': 'Install `@types/node`.\n```\n@x/y.md\n```' });
    const { files, problems } = await loadMemoryFiles([{ path: '/w/CLAUDE.md', type: 'project' }], io);
    expect(problems).toEqual([]);
    expect(files[0]!.imports).toBeUndefined();
    expect(io.reads).toEqual(['/w/CLAUDE.md']);
  });
});
