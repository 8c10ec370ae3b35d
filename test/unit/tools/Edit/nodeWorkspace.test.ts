import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { fileToolsHarness } from '../shared/harness';

const dirs: string[] = [];
function onDisk() {
  const dir = mkdtempSync(path.join(tmpdir(), 'codewright-filetools-'));
  dirs.push(dir);
  return { dir, h: fileToolsHarness(new NodeWorkspace([dir]), dir) };
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('Read, Edit and Write on NodeWorkspace', () => {
  it('reads a CRLF file with a BOM, edits it, and leaves CRLF and the BOM on disk', async () => {
    const { dir, h } = onDisk();
    const file = path.join(dir, 'win.txt');
    writeFileSync(file, '\uFEFFalpha\r\nbeta\r\n');
    expect((await h.run('Read', { file_path: 'win.txt' })).text).toBe('1\talpha\n2\tbeta');
    const edit = await h.run('Edit', { file_path: file, old_string: 'alpha\nbeta', new_string: 'one\ntwo\nthree' });
    expect(edit.text).toBe(`The file ${file} has been updated.\n1\tone\n2\ttwo\n3\tthree`);
    expect(readFileSync(file, 'utf8')).toBe('\uFEFFone\r\ntwo\r\nthree\r\n');
  });

  it('refuses to Write over a file changed on disk after the read', async () => {
    const { dir, h } = onDisk();
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    await h.run('Read', { file_path: file });
    writeFileSync(file, 'changed elsewhere\n');
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later); // a coarse-mtime file system could otherwise hide the change
    const { text, outcome } = await h.run('Write', { file_path: file, content: 'new\n' });
    expect(outcome.stage).toBe('validation');
    expect(text).toBe(
      `<tool_use_error>File has been modified since read, either by the user or by another tool: ${file}. Read it again before you write it.</tool_use_error>`,
    );
    expect(readFileSync(file, 'utf8')).toBe('changed elsewhere\n');
  });

  it('creates a new file in new folders and edits a Latin-1 file in place', async () => {
    const { dir, h } = onDisk();
    const created = await h.run('Write', { file_path: 'deep/er/new.md', content: '# hi\n' });
    expect(created.text).toBe(`File created successfully at: ${path.join(dir, 'deep/er/new.md')}\n1\t# hi`);
    const latin = path.join(dir, 'l1.txt');
    writeFileSync(latin, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café\n" in Latin-1
    await h.run('Read', { file_path: latin });
    await h.run('Edit', { file_path: latin, old_string: 'café', new_string: 'thé' });
    expect([...readFileSync(latin)]).toEqual([0x74, 0x68, 0xe9, 0x0a]);
  });
});
