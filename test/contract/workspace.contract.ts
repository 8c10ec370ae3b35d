/**
 * The Workspace contract, run against every adapter: by vitest on the Node host and by mocha inside a real
 * VS Code. Takes the runner's describe/it so one text serves both. Files are set up and checked with
 * node:fs, so "byte for byte" means what is really on disk. Each round trip writes a new file and then
 * overwrites an existing one, because the VS Code adapter takes different paths for the two.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../../extension/core/contracts/workspace';
import type { TextFile } from '../../extension/core/base/text/encoding';

type Describe = (name: string, fn: () => void) => void;
type It = (name: string, fn: () => Promise<void>) => void;
export type MakeWorkspace = () => { workspace: Workspace; dir: string };

const utf16le = (s: string): Buffer => Buffer.from(s, 'utf16le');
const utf16be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();
const bytesOf = (...parts: (number[] | Buffer)[]): Buffer => Buffer.concat(parts.map((p) => Buffer.from(p)));
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface RoundTrip {
  name: string;
  encoding: TextFile['encoding'];
  bom: boolean;
  lineEnding: TextFile['lineEnding'];
  first: string;
  second: string;
  bytes: (s: string) => Buffer;
}

const roundTrips: RoundTrip[] = [
  { name: 'UTF-8', encoding: 'utf8', bom: false, lineEnding: 'LF', first: 'héllo ✓\n', second: 'héllo ✓ 𝄞\nmore\n', bytes: (s) => Buffer.from(s) },
  { name: 'UTF-8 with BOM', encoding: 'utf8', bom: true, lineEnding: 'LF', first: 'bom ✓\n', second: 'bom ✓ again\n', bytes: (s) => bytesOf([0xef, 0xbb, 0xbf], Buffer.from(s)) },
  { name: 'UTF-16LE with BOM', encoding: 'utf16le', bom: true, lineEnding: 'LF', first: 'wide é\n', second: 'wider é ✓\n', bytes: (s) => bytesOf([0xff, 0xfe], utf16le(s)) },
  { name: 'UTF-16BE with BOM', encoding: 'utf16be', bom: true, lineEnding: 'LF', first: 'big é\n', second: 'bigger é\n', bytes: (s) => bytesOf([0xfe, 0xff], utf16be(s)) },
  { name: 'latin1', encoding: 'latin1', bom: false, lineEnding: 'LF', first: 'café\n', second: 'crème brûlée\n', bytes: (s) => Buffer.from(s, 'latin1') },
  { name: 'CRLF UTF-8', encoding: 'utf8', bom: false, lineEnding: 'CRLF', first: 'one\r\ntwo\r\n', second: 'one\r\n2\r\nthree\r\n', bytes: (s) => Buffer.from(s) },
];

export function workspaceContract(describe: Describe, it: It, make: MakeWorkspace): void {
  describe('Workspace contract', () => {
    for (const rt of roundTrips) {
      it(`round-trips ${rt.name} byte for byte, new and existing files alike`, async () => {
        const { workspace, dir } = make();
        const file = path.join(dir, 'rt.txt');
        await workspace.writeText(file, rt.first, { encoding: rt.encoding, bom: rt.bom });
        assert.deepEqual(readFileSync(file), rt.bytes(rt.first));
        const read = await workspace.readText(file);
        assert.deepEqual(
          { ...read, mtimeMs: 0 },
          { content: rt.first, encoding: rt.encoding, bom: rt.bom, lineEnding: rt.lineEnding, mtimeMs: 0, fromDirtyEditor: false },
        );
        await workspace.writeText(file, rt.second, { encoding: read.encoding, bom: read.bom });
        assert.deepEqual(readFileSync(file), rt.bytes(rt.second));
        assert.equal((await workspace.readText(file)).content, rt.second);
      });
    }

    it('decodes a latin1 file written by someone else (é as 0xE9) and writes it back unchanged', async () => {
      const { workspace, dir } = make();
      const file = path.join(dir, 'legacy.txt');
      writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
      const read = await workspace.readText(file);
      assert.equal(read.content, 'café\n');
      assert.equal(read.encoding, 'latin1');
      await workspace.writeText(file, read.content.replace('café', 'thé'), { encoding: read.encoding, bom: read.bom });
      assert.deepEqual(readFileSync(file), Buffer.from([0x74, 0x68, 0xe9, 0x0a]));
    });

    it('keeps CRLF and mixed line endings of an existing file exactly', async () => {
      const { workspace, dir } = make();
      const crlf = path.join(dir, 'crlf.txt');
      writeFileSync(crlf, 'a\r\nb\r\nc\n');
      const read = await workspace.readText(crlf);
      assert.equal(read.content, 'a\r\nb\r\nc\n');
      assert.equal(read.lineEnding, 'CRLF');
      await workspace.writeText(crlf, 'a\r\nB\r\nc\n', { encoding: 'utf8', bom: false });
      assert.equal(readFileSync(crlf, 'latin1'), 'a\r\nB\r\nc\n');
      const plain = path.join(dir, 'crlf-only.txt');
      writeFileSync(plain, 'x\r\ny\r\n');
      await workspace.writeText(plain, 'x\r\nY\r\nz\r\n', { encoding: 'utf8', bom: false });
      assert.equal(readFileSync(plain, 'latin1'), 'x\r\nY\r\nz\r\n');
    });

    it('reads the exact bytes of a file', async () => {
      const { workspace, dir } = make();
      const file = path.join(dir, 'blob.bin');
      const bytes = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a]);
      writeFileSync(file, bytes);
      assert.deepEqual(Buffer.from(await workspace.readBytes(file)), bytes);
    });

    it('changes the mtime on every write and returns the one stat reports', async () => {
      const { workspace, dir } = make();
      const file = path.join(dir, 'm.txt');
      const first = await workspace.writeText(file, 'one\n', { encoding: 'utf8', bom: false });
      assert.equal((await workspace.stat(file))?.mtimeMs, first.mtimeMs);
      assert.equal((await workspace.readText(file)).mtimeMs, first.mtimeMs);
      // Longer than any file system's timestamp granularity we run on (ext4 ticks, VS Code's whole ms).
      await sleep(50);
      const second = await workspace.writeText(file, 'two, longer\n', { encoding: 'utf8', bom: false });
      assert.ok(second.mtimeMs > first.mtimeMs, `${second.mtimeMs} should be after ${first.mtimeMs}`);
      const stat = await workspace.stat(file);
      assert.deepEqual(stat, { type: 'file', size: 12, mtimeMs: second.mtimeMs });
    });

    it('reports a missing file as undefined from stat and rejects reads naming the path', async () => {
      const { workspace, dir } = make();
      const missing = path.join(dir, 'nope', 'missing.ts');
      assert.equal(await workspace.stat(missing), undefined);
      assert.equal(await workspace.stat(path.join(dir, 'missing.ts')), undefined);
      await assert.rejects(workspace.readText(missing), new RegExp(`File not found: ${escape(missing)}$`));
      await assert.rejects(workspace.readBytes(missing), new RegExp(`File not found: ${escape(missing)}`));
    });

    it('rejects reading a folder, listing a missing folder and relative paths, naming the path', async () => {
      const { workspace, dir } = make();
      await assert.rejects(workspace.readText(dir), new RegExp(`Is a directory: ${escape(dir)}`));
      await assert.rejects(workspace.writeText(dir, 'x', { encoding: 'utf8', bom: false }), new RegExp(`Is a directory: ${escape(dir)}`));
      const gone = path.join(dir, 'gone');
      await assert.rejects(workspace.list(gone), new RegExp(`Folder not found: ${escape(gone)}`));
      await assert.rejects(workspace.readText('relative/file.ts'), /Path must be absolute: relative\/file\.ts/);
    });

    it('stats folders and lists entries sorted by name with their types', async () => {
      const { workspace, dir } = make();
      writeFileSync(path.join(dir, 'b.txt'), 'b');
      writeFileSync(path.join(dir, 'A.txt'), 'a');
      mkdirSync(path.join(dir, 'sub'));
      writeFileSync(path.join(dir, 'sub', 'inner.txt'), 'i');
      assert.deepEqual(await workspace.list(dir), [
        { name: 'A.txt', type: 'file' },
        { name: 'b.txt', type: 'file' },
        { name: 'sub', type: 'directory' },
      ]);
      assert.equal((await workspace.stat(path.join(dir, 'sub')))?.type, 'directory');
      assert.deepEqual(await workspace.list(path.join(dir, 'sub')), [{ name: 'inner.txt', type: 'file' }]);
    });

    it('creates missing parent folders when writing', async () => {
      const { workspace, dir } = make();
      const file = path.join(dir, 'deep', 'er', 'new.ts');
      await workspace.writeText(file, 'export {};\n', { encoding: 'utf8', bom: false });
      assert.equal(readFileSync(file, 'utf8'), 'export {};\n');
      assert.deepEqual(await workspace.list(path.join(dir, 'deep')), [{ name: 'er', type: 'directory' }]);
    });

    it('refuses to write a character latin1 cannot hold and leaves the file as it was', async () => {
      const { workspace, dir } = make();
      const file = path.join(dir, 'l1.txt');
      writeFileSync(file, Buffer.from([0xe9]));
      await assert.rejects(workspace.writeText(file, 'price: 5 €', { encoding: 'latin1', bom: false }), /U\+20AC.*latin1/);
      assert.deepEqual(readFileSync(file), Buffer.from([0xe9]));
    });
  });
}
