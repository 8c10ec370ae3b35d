import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeTaskOutput, wholeUtf8Length } from '../../../../extension/host/node/taskOutput';

describe('host/node/taskOutput', () => {
  let dir: string;
  let file: string;
  const port = new NodeTaskOutput();
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cw-task-out-'));
    file = path.join(dir, 'b123.output');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads from an offset up to maxBytes and says where the next read starts', async () => {
    writeFileSync(file, 'line one\nline two\n');
    expect(await port.read(file, 0, 5)).toEqual({ text: 'line ', nextOffset: 5 });
    expect(await port.read(file, 5, 100)).toEqual({ text: 'one\nline two\n', nextOffset: 18 });
    expect(await port.read(file, 18, 100)).toEqual({ text: '', nextOffset: 18 });
  });

  it('returns only what was appended since the last read', async () => {
    writeFileSync(file, 'a\n');
    const first = await port.read(file, 0, 1024);
    appendFileSync(file, 'b\n');
    expect(await port.read(file, first.nextOffset, 1024)).toEqual({ text: 'b\n', nextOffset: 4 });
  });

  it('never splits a multi-byte character: the cut part waits for the next read', async () => {
    writeFileSync(file, 'aé€😀z');
    // a=1 byte, é=2, €=3, 😀=4, z=1
    expect(await port.read(file, 0, 2)).toEqual({ text: 'a', nextOffset: 1 });
    expect(await port.read(file, 1, 4)).toEqual({ text: 'é', nextOffset: 3 });
    expect(await port.read(file, 3, 6)).toEqual({ text: '€', nextOffset: 6 });
    expect(await port.read(file, 6, 100)).toEqual({ text: '😀z', nextOffset: 11 });
  });

  it('reads a missing file as empty and rejects a bad offset or size', async () => {
    expect(await port.read(path.join(dir, 'none.output'), 7, 10)).toEqual({ text: '', nextOffset: 7 });
    await expect(port.read(file, -1, 10)).rejects.toThrow(/offset/);
    await expect(port.read(file, 0, 0)).rejects.toThrow(/maxBytes/);
  });

  it('gives the bytes written so far as the size, and 0 for a missing file', async () => {
    writeFileSync(file, 'héllo\n');
    expect(await port.size(file)).toBe(7);
    appendFileSync(file, 'more');
    expect(await port.size(file)).toBe(11);
    expect(await port.size(path.join(dir, 'missing.output'))).toBe(0);
  });

  it('counts whole UTF-8 characters at the end of a buffer', () => {
    const bytes = Buffer.from('x€');
    expect(wholeUtf8Length(bytes)).toBe(4);
    expect(wholeUtf8Length(bytes.subarray(0, 3))).toBe(1);
    expect(wholeUtf8Length(Buffer.from('😀').subarray(0, 3))).toBe(0);
    expect(wholeUtf8Length(new Uint8Array())).toBe(0);
  });
});
