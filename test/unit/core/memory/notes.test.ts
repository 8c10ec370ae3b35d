import { describe, expect, it } from 'vitest';
import { createMemoryNotes, memoryNoteOf } from '../../../../extension/core/engines/memory/notes';
import { FakeMemoryIo, picker } from './fakeIo';

describe('core/engines/memory/notes', () => {
  it('takes one-line prompts starting with # as notes, and leaves other prompts alone', () => {
    expect(memoryNoteOf('# always use pnpm')).toBe('always use pnpm');
    expect(memoryNoteOf('  ##   keep tests fast  ')).toBe('keep tests fast');
    expect(memoryNoteOf('#')).toBeUndefined();
    expect(memoryNoteOf('# Title\n\nA pasted document')).toBeUndefined();
    expect(memoryNoteOf('use # comments')).toBeUndefined();
  });

  it('offers project, local and user memory and appends the note as a bullet on a line of its own', async () => {
    const io = new FakeMemoryIo({ '/w/CLAUDE.md': '# Project\n- use tabs' });
    const { port, offered } = picker('Project memory');
    const reply = await createMemoryNotes({ cwd: '/w', io, picker: port })('# always use pnpm');
    expect(offered[0]!.note).toBe('always use pnpm');
    expect(offered[0]!.targets.map((t) => t.path)).toEqual(['/w/CLAUDE.md', '/w/CLAUDE.local.md', '/home/u/.claude/CLAUDE.md']);
    expect(reply).toBe('Saved to /w/CLAUDE.md');
    expect(io.files.get('/w/CLAUDE.md')).toBe('# Project\n- use tabs\n- always use pnpm\n');
  });

  it('creates a missing file, and saves nothing when the user cancels', async () => {
    const io = new FakeMemoryIo({});
    const notes = createMemoryNotes({ cwd: '/w', io, picker: picker('User memory').port });
    expect(await notes('# be brief')).toBe('Saved to /home/u/.claude/CLAUDE.md');
    expect(io.files.get('/home/u/.claude/CLAUDE.md')).toBe('- be brief\n');
    const cancelled = createMemoryNotes({ cwd: '/w', io, picker: picker(undefined).port });
    expect(await cancelled('# never mind')).toBe('Not saved to memory.');
    expect([...io.files.keys()]).toEqual(['/home/u/.claude/CLAUDE.md']);
  });

  it('returns undefined for a prompt that is not a note, without asking', async () => {
    const { port, offered } = picker('Project memory');
    expect(await createMemoryNotes({ cwd: '/w', io: new FakeMemoryIo({}), picker: port })('fix the bug')).toBeUndefined();
    expect(offered).toEqual([]);
  });
});
