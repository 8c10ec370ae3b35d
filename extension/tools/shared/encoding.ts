/** Writing text back the way the file was: line endings and encodings the workspace port reports. */
import { ToolError } from '../../core/contracts/toolErrors';
import type { TextFile } from '../../core/base/text/encoding';

/**
 * CRLF as LF, and nothing else: a lone CR in a file is content and is written back as it was. (The diff views'
 * `toLf` in core/base/text/diff.ts folds lone CRs too; that one is for comparing, this one for writing.)
 */
export function toLf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** LF text in the file's own line ending; text already using CRLF is not doubled. */
export function withLineEnding(text: string, lineEnding: TextFile['lineEnding']): string {
  const lf = toLf(text);
  return lineEnding === 'CRLF' ? lf.replace(/\n/g, '\r\n') : lf;
}

/**
 * Refuses text the file's encoding cannot hold: a Latin-1 file written with "→" would silently get "?"
 * or mojibake, and switching the file to UTF-8 behind the user's back could break whatever reads it.
 */
export function assertEncodable(text: string, encoding: TextFile['encoding'], absPath: string): void {
  if (encoding !== 'latin1') return;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code > 0xff) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw new ToolError(
        'invalid_input',
        `${absPath} is Latin-1 encoded and cannot hold "${ch}" (U+${hex}). Use only Latin-1 characters, or an escape the file's language understands.`,
      );
    }
  }
}

/** NUL characters do not occur in text: a decoded file holding one is binary (or in an encoding we cannot read). */
export function decodedLooksBinary(content: string): boolean {
  return content.includes('\0');
}
