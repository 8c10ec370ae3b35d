import { chmodSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolError } from '../../../../extension/core/contracts/toolErrors';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { workspaceContract } from '../../../contract/workspace.contract';

const made: string[] = [];
function fresh(): { workspace: NodeWorkspace; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-workspace-'));
  made.push(dir);
  return { workspace: new NodeWorkspace([dir]), dir };
}
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

workspaceContract(describe, it, fresh);

describe('NodeWorkspace', () => {
  it('resolves its roots to absolute paths', () => {
    const ws = new NodeWorkspace(['.']);
    expect(ws.roots).toEqual([process.cwd()]);
  });

  it('leaves no temp file behind after writes, new or replacing', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'a.ts');
    await workspace.writeText(file, 'one', { encoding: 'utf8', bom: false });
    await workspace.writeText(file, 'two', { encoding: 'utf8', bom: false });
    expect(await readdir(dir)).toEqual(['a.ts']);
  });

  it('leaves no temp file and the old content when the write fails half way', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'keep.txt');
    writeFileSync(file, 'old');
    await expect(workspace.writeText(file, '€', { encoding: 'latin1', bom: false })).rejects.toThrow(/latin1/);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['keep.txt']);
  });

  it('keeps the permission bits of the file it replaces', async () => {
    const { workspace, dir } = fresh();
    const script = path.join(dir, 'run.sh');
    writeFileSync(script, '#!/bin/sh\necho old\n');
    // Group-writable, so the umask (usually 022) would strip a bit if only the create mode were set.
    chmodSync(script, 0o775);
    await workspace.writeText(script, '#!/bin/sh\necho new\n', { encoding: 'utf8', bom: false });
    expect(statSync(script).mode & 0o7777).toBe(0o775);
    const readOnly = path.join(dir, 'ro.txt');
    writeFileSync(readOnly, 'x');
    chmodSync(readOnly, 0o444);
    await workspace.writeText(readOnly, 'y', { encoding: 'utf8', bom: false });
    expect(statSync(readOnly).mode & 0o7777).toBe(0o444);
    expect(readFileSync(readOnly, 'utf8')).toBe('y');
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const { workspace, dir } = fresh();
    const target = path.join(dir, 'real.txt');
    const link = path.join(dir, 'link.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, link);
    await workspace.writeText(link, 'new', { encoding: 'utf8', bom: false });
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect((await readdir(dir, { withFileTypes: true })).find((e) => e.name === 'link.txt')?.isSymbolicLink()).toBe(true);
    expect(await workspace.list(dir)).toEqual([
      { name: 'link.txt', type: 'file' },
      { name: 'real.txt', type: 'file' },
    ]);
  });

  it('lists a dangling symlink as other', async () => {
    const { workspace, dir } = fresh();
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
    expect(await workspace.list(dir)).toEqual([{ name: 'dangling', type: 'other' }]);
    expect(await workspace.stat(path.join(dir, 'dangling'))).toBeUndefined();
  });

  it('throws ToolErrors with codes tools can act on', async () => {
    const { workspace, dir } = fresh();
    const missing = path.join(dir, 'x.ts');
    await expect(workspace.readText(missing)).rejects.toEqual(new ToolError('not_found', `File not found: ${missing}`));
    await expect(workspace.readText(dir)).rejects.toMatchObject({ code: 'invalid_input', message: `Is a directory: ${dir}` });
    const file = path.join(dir, 'f.txt');
    writeFileSync(file, 'f');
    await expect(workspace.list(file)).rejects.toMatchObject({ message: `Not a directory: ${file}` });
    await expect(workspace.writeText(path.join(file, 'child.txt'), 'x', { encoding: 'utf8', bom: false })).rejects.toMatchObject({
      message: `Not a directory: ${file}`,
    });
  });

  it.skipIf(process.getuid?.() === 0)('says permission denied, naming the path, for an unreadable file', async () => {
    // Skipped as root: root reads mode-000 files anyway.
    const { workspace, dir } = fresh();
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, 's');
    chmodSync(secret, 0o000);
    await expect(workspace.readText(secret)).rejects.toMatchObject({ code: 'permission_denied', message: `Permission denied: ${secret}` });
  });

  it('detects UTF-16 without a BOM and keeps it BOM-less', async () => {
    const { workspace, dir } = fresh();
    const file = path.join(dir, 'w.txt');
    writeFileSync(file, Buffer.from('plain wide text\r\n', 'utf16le'));
    const read = await workspace.readText(file);
    expect(read).toMatchObject({ content: 'plain wide text\r\n', encoding: 'utf16le', bom: false, lineEnding: 'CRLF' });
    await workspace.writeText(file, 'changed\r\n', { encoding: read.encoding, bom: read.bom });
    expect(readFileSync(file)).toEqual(Buffer.from('changed\r\n', 'utf16le'));
  });
});
