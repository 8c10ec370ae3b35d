/**
 * Text encodings of workspace files, shared by the Node and VS Code Workspace adapters so both decode a
 * file the same way and write it back byte for byte. Pure: bytes in, bytes out, no I/O.
 */

export type TextEncodingName = TextFile['encoding'];

export interface DecodedText {
  /** The text without its BOM. */
  content: string;
  encoding: TextEncodingName;
  bom: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;
/** How much of a file the sniffers look at; enough to judge, cheap on huge files. */
const SNIFF_BYTES = 8192;

export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, UTF8_BOM)) return { content: utf8(bytes.subarray(3)), encoding: 'utf8', bom: true };
  if (startsWith(bytes, UTF16LE_BOM)) return { content: utf16le(bytes.subarray(2)), encoding: 'utf16le', bom: true };
  if (startsWith(bytes, UTF16BE_BOM)) return { content: utf16le(swapPairs(bytes.subarray(2))), encoding: 'utf16be', bom: true };
  const utf16 = sniffUtf16(bytes);
  if (utf16 === 'utf16le') return { content: utf16le(bytes), encoding: 'utf16le', bom: false };
  if (utf16 === 'utf16be') return { content: utf16le(swapPairs(bytes)), encoding: 'utf16be', bom: false };
  try {
    return { content: utf8(bytes, true), encoding: 'utf8', bom: false };
  } catch {
    // Not UTF-8: latin1 maps every byte to one character, so any file decodes and writes back unchanged.
    return { content: latin1(bytes), encoding: 'latin1', bom: false };
  }
}

/** The inverse of `decodeText`: `content` in `encoding`, prefixed with the encoding's BOM when `bom`. */
export function encodeText(content: string, encoding: TextEncodingName, bom: boolean): Uint8Array {
  switch (encoding) {
    case 'utf8':
      return withPrefix(bom ? UTF8_BOM : [], new TextEncoder().encode(content));
    case 'utf16le':
      return withPrefix(bom ? UTF16LE_BOM : [], utf16leBytes(content));
    case 'utf16be':
      return withPrefix(bom ? UTF16BE_BOM : [], swapPairs(utf16leBytes(content)));
    case 'latin1':
      return withPrefix([], latin1Bytes(content));
  }
}

/** The dominant line ending of `content`; LF when it has none (or as many LF as CRLF). */
export function detectLineEnding(content: string): 'LF' | 'CRLF' {
  let crlf = 0;
  let lf = 0;
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) {
    if (i > 0 && content.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? 'CRLF' : 'LF';
}

/**
 * True for content that is not text: NUL bytes in the first 8 KB (unless the file is UTF-16, where
 * NULs are the high bytes of ASCII), or more than 10% control characters.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if (startsWith(bytes, UTF16LE_BOM) || startsWith(bytes, UTF16BE_BOM) || sniffUtf16(bytes) !== undefined) return false;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    // TAB, LF, VT, FF, CR and ESC (ANSI colours in logs) occur in text; other C0 controls and DEL hardly do.
    if ((b < 0x20 && b !== 9 && b !== 10 && b !== 11 && b !== 12 && b !== 13 && b !== 27) || b === 0x7f) control++;
  }
  return sample.length > 0 && control / sample.length > 0.1;
}

/**
 * UTF-16 without a BOM, judged by where the NUL bytes are: text in Latin scripts has a zero high byte in
 * most code units, at odd offsets for LE and even offsets for BE. Binary files have NULs at both parities.
 * A decode that would find an unpaired surrogate rejects the guess.
 */
function sniffUtf16(bytes: Uint8Array): 'utf16le' | 'utf16be' | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  const pairs = Math.floor(sample.length / 2);
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) zeroEven++;
    if (sample[i + 1] === 0) zeroOdd++;
  }
  // At least a quarter of the code units must look like ASCII, and the other parity must be (nearly) NUL-free:
  // U+0100, U+0200... have a zero low byte, so a few stray zeros are tolerated.
  const guess =
    zeroOdd >= pairs / 4 && zeroEven * 20 <= zeroOdd
      ? 'utf16le'
      : zeroEven >= pairs / 4 && zeroOdd * 20 <= zeroEven
        ? 'utf16be'
        : undefined;
  if (!guess) return undefined;
  try {
    new TextDecoder('utf-16le', { fatal: true }).decode(guess === 'utf16le' ? bytes : swapPairs(bytes));
    return guess;
  } catch {
    return undefined;
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function withPrefix(prefix: readonly number[], body: Uint8Array): Uint8Array {
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

function utf8(bytes: Uint8Array, fatal = false): string {
  // ignoreBOM keeps a second BOM after the one we stripped, so the round trip stays exact.
  return new TextDecoder('utf-8', { fatal, ignoreBOM: true }).decode(bytes);
}

function utf16le(bytes: Uint8Array): string {
  // Not fatal: a lone surrogate in a file with a BOM still decodes (to U+FFFD) instead of failing the read.
  return new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes);
}

/** A copy with each pair of bytes swapped (UTF-16 BE <-> LE); an odd trailing byte is kept as is. */
function swapPairs(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    out[i] = bytes[i + 1]!;
    out[i + 1] = bytes[i]!;
  }
  if (bytes.length % 2 === 1) out[bytes.length - 1] = bytes[bytes.length - 1]!;
  return out;
}

function utf16leBytes(content: string): Uint8Array {
  const out = new Uint8Array(content.length * 2);
  for (let i = 0; i < content.length; i++) {
    const unit = content.charCodeAt(i);
    out[2 * i] = unit & 0xff;
    out[2 * i + 1] = unit >> 8;
  }
  return out;
}

/** Latin1 by hand: WHATWG's TextDecoder('latin1') is really windows-1252 and would not round-trip 0x80-0x9F. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  // Chunks keep the argument list of fromCharCode well under the engine's limit.
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

function latin1Bytes(content: string): Uint8Array {
  const out = new Uint8Array(content.length);
  for (let i = 0; i < content.length; i++) {
    const unit = content.charCodeAt(i);
    if (unit > 0xff) {
      // Writing the low byte would silently corrupt the file; say what cannot be written and what to do.
      const codePoint = content.codePointAt(i)!;
      const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(
        `Cannot write U+${hex} (${JSON.stringify(String.fromCodePoint(codePoint))}) at offset ${i} in latin1; write the file as utf8 or avoid the character.`,
      );
    }
    out[i] = unit;
  }
  return out;
}

/** A decoded text file: content without BOM, with its original line endings. */
export interface TextFile {
  content: string;
  encoding: 'utf8' | 'utf16le' | 'utf16be' | 'latin1';
  bom: boolean;
  /** The file's dominant line ending; tools write edits back in it. */
  lineEnding: 'LF' | 'CRLF';
  mtimeMs: number;
  /** True when the text came from an editor buffer with unsaved changes. */
  fromDirtyEditor: boolean;
}
