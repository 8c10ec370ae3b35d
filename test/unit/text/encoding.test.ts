import { describe, expect, it } from 'vitest';
import { decodeText, detectLineEnding, encodeText, looksBinary } from '../../../extension/core/base/text/encoding';

const bytes = (...parts: (number[] | Buffer)[]): Uint8Array => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
const le = (s: string): Buffer => Buffer.from(s, 'utf16le');
const be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();

describe('decodeText', () => {
  it('decodes UTF-8 without a BOM', () => {
    expect(decodeText(bytes(Buffer.from('héllo 𝄞')))).toEqual({ content: 'héllo 𝄞', encoding: 'utf8', bom: false });
  });

  it('strips a UTF-8 BOM and reports it, keeping a second BOM as content', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], Buffer.from('x')))).toEqual({ content: 'x', encoding: 'utf8', bom: true });
    expect(decodeText(bytes([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]))).toEqual({ content: '\ufeff', encoding: 'utf8', bom: true });
  });

  it('decodes UTF-16 LE and BE by their BOMs, even without ASCII', () => {
    expect(decodeText(bytes([0xff, 0xfe], le('日本語')))).toEqual({ content: '日本語', encoding: 'utf16le', bom: true });
    expect(decodeText(bytes([0xfe, 0xff], be('日本語 é')))).toEqual({ content: '日本語 é', encoding: 'utf16be', bom: true });
  });

  it('recognises UTF-16 without a BOM by where the NUL bytes are', () => {
    expect(decodeText(bytes(le('const x = 1;\n')))).toEqual({ content: 'const x = 1;\n', encoding: 'utf16le', bom: false });
    expect(decodeText(bytes(be('const x = 1;\n')))).toEqual({ content: 'const x = 1;\n', encoding: 'utf16be', bom: false });
  });

  it('does not take binary with NULs at both parities, or an odd length, for UTF-16', () => {
    expect(decodeText(bytes([0x00, 0x00, 0x41, 0x00, 0x00, 0x42])).encoding).toBe('utf8');
    expect(decodeText(bytes([0x41, 0x00, 0x42])).encoding).toBe('utf8');
  });

  it('falls back to latin1 for bytes that are not UTF-8, mapping each byte to one character', () => {
    expect(decodeText(bytes([0x63, 0x61, 0x66, 0xe9]))).toEqual({ content: 'café', encoding: 'latin1', bom: false });
    // 0x80 and 0x9F stay C1 controls: WHATWG's "latin1" decoder (windows-1252) would turn 0x80 into €.
    expect(decodeText(bytes([0x80, 0x9f, 0xff])).content).toBe('\u0080\u009f\u00ff');
  });

  it('decodes an empty file as UTF-8 without a BOM', () => {
    expect(decodeText(new Uint8Array())).toEqual({ content: '', encoding: 'utf8', bom: false });
  });
});

describe('encodeText', () => {
  it('is the inverse of decodeText for every encoding, with and without BOM', () => {
    const samples: [Uint8Array, string][] = [
      [bytes(Buffer.from('a ✓\r\nb')), 'utf8'],
      [bytes([0xef, 0xbb, 0xbf], Buffer.from('a ✓')), 'utf8 bom'],
      [bytes([0xff, 0xfe], le('a ✓ 𝄞')), 'utf16le bom'],
      [bytes(le('plain ascii\n')), 'utf16le'],
      [bytes([0xfe, 0xff], be('a ✓ 𝄞')), 'utf16be bom'],
      [bytes(be('plain ascii\n')), 'utf16be'],
      [bytes([0x63, 0xe9, 0x80, 0x0d, 0x0a]), 'latin1'],
    ];
    for (const [original, label] of samples) {
      const d = decodeText(original);
      expect(encodeText(d.content, d.encoding, d.bom), label).toEqual(original);
    }
  });

  it('writes UTF-16 BE by swapping the bytes of LE', () => {
    expect(Array.from(encodeText('Aé', 'utf16be', true))).toEqual([0xfe, 0xff, 0x00, 0x41, 0x00, 0xe9]);
    expect(Array.from(encodeText('Aé', 'utf16le', false))).toEqual([0x41, 0x00, 0xe9, 0x00]);
  });

  it('refuses characters latin1 cannot hold, naming the character and offset', () => {
    expect(() => encodeText('ab€', 'latin1', false)).toThrow(/U\+20AC \("€"\) at offset 2 in latin1/);
    expect(() => encodeText('😀', 'latin1', false)).toThrow(/U\+1F600/);
  });
});

describe('detectLineEnding', () => {
  it('returns the dominant line ending, LF when there is none or a tie', () => {
    expect(detectLineEnding('a\r\nb\r\nc\n')).toBe('CRLF');
    expect(detectLineEnding('a\nb\nc\r\n')).toBe('LF');
    expect(detectLineEnding('no newline')).toBe('LF');
    expect(detectLineEnding('a\r\nb\n')).toBe('LF');
    expect(detectLineEnding('\r\n')).toBe('CRLF');
  });
});

describe('looksBinary', () => {
  it('flags NUL bytes in the first 8 KB', () => {
    expect(looksBinary(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]))).toBe(true);
  });

  it('does not look past the first 8 KB for NULs', () => {
    expect(looksBinary(bytes(Buffer.alloc(9000, 'a'), [0, 0, 0, 1]))).toBe(false);
  });

  it('accepts UTF-16 text, whose NULs are high bytes of ASCII', () => {
    expect(looksBinary(bytes(le('hello\n')))).toBe(false);
    expect(looksBinary(bytes([0xff, 0xfe], le('hello\n')))).toBe(false);
    expect(looksBinary(bytes([0xfe, 0xff], be('hello\n')))).toBe(false);
  });

  it('flags a high ratio of control characters but not tabs, newlines or ANSI escapes', () => {
    expect(looksBinary(bytes([1, 2, 3, 4, 5, 0x41, 0x42, 6, 7, 8]))).toBe(true);
    expect(looksBinary(bytes(Buffer.from('\tcol\r\n\x1b[31mred\x1b[0m\n\f')))).toBe(false);
  });

  it('treats text and empty files as text', () => {
    expect(looksBinary(bytes(Buffer.from('const x = "é";\n')))).toBe(false);
    expect(looksBinary(bytes([0x63, 0x61, 0x66, 0xe9]))).toBe(false);
    expect(looksBinary(new Uint8Array())).toBe(false);
  });
});
