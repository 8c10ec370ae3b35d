/** Telling binary files from text by their first bytes, after the workspace decided the encoding. */
import type { TextFile } from '../../core/ports';

const SNIFF_BYTES = 8192;

/**
 * True for bytes no text editor would show usefully: a NUL byte, or many control characters. UTF-16 text
 * is full of NUL bytes, so for it only NUL characters in the decoded text count.
 */
export function looksBinary(bytes: Uint8Array, file: Pick<TextFile, 'encoding' | 'content'>): boolean {
  if (file.encoding === 'utf16le' || file.encoding === 'utf16be') return file.content.includes('\0');
  const head = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    // Tab, LF, VT, FF, CR, ESC (ANSI colour codes in logs) and backspace are normal in text.
    if (b < 32 && ![8, 9, 10, 11, 12, 13, 27].includes(b)) control++;
  }
  return head.length > 0 && control / head.length > 0.1;
}
