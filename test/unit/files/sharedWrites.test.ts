/**
 * Two chats in one window, each with its own sessions' read state, over one workspace: the real Read, Edit and
 * Write tools through the executor. A write by one must never silently undo the other's.
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../extension/core/contracts/workspace';
import { guardWrites, SharedWrites } from '../../../extension/core/engines/files/sharedWrites';
import { fileToolsHarness } from '../tools/shared/harness';
import { MemoryWorkspace } from '../tools/shared/memoryWorkspace';

const FILE = '/proj/shared.ts';
const ORIGINAL = 'const a = 1;\nconst b = 2;\n';

function twoChats(wrap: (w: Workspace) => Workspace = (w) => w) {
  const disk = new MemoryWorkspace(['/proj']);
  disk.put(FILE, ORIGINAL);
  const shared = new SharedWrites();
  return { disk, a: fileToolsHarness(guardWrites(disk, shared)), b: fileToolsHarness(guardWrites(wrap(disk), shared)) };
}

const editA = { file_path: FILE, old_string: 'const a = 1;', new_string: 'const a = 10;' };
const editB = { file_path: FILE, old_string: 'const b = 2;', new_string: 'const b = 20;' };

describe('guardWrites', () => {
  it('gives the second chat the stale-file error when the first edited a file both had read', async () => {
    const { disk, a, b } = twoChats();
    await a.run('Read', { file_path: FILE });
    await b.run('Read', { file_path: FILE });
    expect((await a.run('Edit', editA)).outcome.stage).toBe('success');
    const second = await b.run('Edit', editB);
    expect(second.outcome.stage).not.toBe('success');
    expect(second.text).toContain('File has been modified since read');
    expect((await disk.readText(FILE)).content).toBe('const a = 10;\nconst b = 2;\n');
  });

  it('catches the write of a chat that read only part of the file (the mtime moved)', async () => {
    const { a, b } = twoChats();
    await a.run('Read', { file_path: FILE });
    await b.run('Read', { file_path: FILE, offset: 2, limit: 1 });
    await a.run('Edit', editA);
    expect((await b.run('Edit', editB)).text).toContain('File has been modified since read');
  });

  it('refuses a write when the other chat wrote between its freshness check and its write', async () => {
    let race: { skip: number; run: () => Promise<unknown> } | undefined;
    // Chat B's workspace lets chat A write right after B's read in Edit's call (the one after validation) has its text.
    const slowReads = (w: Workspace): Workspace => ({
      ...w,
      roots: w.roots,
      stat: (p) => w.stat(p),
      readBytes: (p) => w.readBytes(p),
      list: (d) => w.list(d),
      realpath: (p) => w.realpath(p),
      writeText: (p, c, o) => w.writeText(p, c, o),
      readText: async (p) => {
        const text = await w.readText(p);
        if (race && race.skip-- === 0) {
          const { run } = race;
          race = undefined;
          await run();
        }
        return text;
      },
    });
    const { disk, a, b } = twoChats(slowReads);
    await a.run('Read', { file_path: FILE });
    await b.run('Read', { file_path: FILE });
    race = { skip: 1, run: () => a.run('Edit', editA) };
    const second = await b.run('Edit', editB);
    expect(second.text).toContain('File has been modified since read');
    // A's edit stands: B did not write over it with the text it had read before.
    expect((await disk.readText(FILE)).content).toBe('const a = 10;\nconst b = 2;\n');
  });

  it('lets a chat write again after it reads the other chat\'s change', async () => {
    const { disk, a, b } = twoChats();
    await a.run('Read', { file_path: FILE });
    await b.run('Read', { file_path: FILE });
    await a.run('Edit', editA);
    await b.run('Read', { file_path: FILE });
    expect((await b.run('Edit', editB)).outcome.stage).toBe('success');
    expect((await disk.readText(FILE)).content).toBe('const a = 10;\nconst b = 20;\n');
  });

  it('refuses a new file the other chat created after this chat looked for it', async () => {
    const { disk, a, b } = twoChats();
    const created = '/proj/new.ts';
    // B's Write validates first (the file is absent), then A creates it before B's call writes.
    await b.context.ports.workspace.stat(created);
    await a.run('Write', { file_path: created, content: 'from A\n' });
    await expect(b.context.ports.workspace.writeText(created, 'from B\n', { encoding: 'utf8', bom: false })).rejects.toThrow(/modified since read/);
    expect((await disk.readText(created)).content).toBe('from A\n');
  });
});
