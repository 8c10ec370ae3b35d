/** Telling binary files from text, after the workspace decided the encoding. */
import type { TextFile } from '../../core/base/text/encoding';
import { looksBinary as bytesLookBinary } from '../../core/base/text/encoding';

/**
 * UTF-16 text is full of NUL bytes, so for it only NUL characters in the decoded text count; other files
 * are judged on their first bytes (a NUL, or many control characters).
 */
export function looksBinary(bytes: Uint8Array, file: Pick<TextFile, 'encoding' | 'content'>): boolean {
  if (file.encoding === 'utf16le' || file.encoding === 'utf16be') return file.content.includes('\0');
  return bytesLookBinary(bytes);
}
