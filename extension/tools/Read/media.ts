/**
 * Images and PDFs: sent to the model as base64 blocks. No image or PDF library is bundled, so images are
 * never downscaled (too large → refused) and a PDF is always sent whole (`pages` becomes a note).
 */
import path from 'node:path';
import type { DocumentBlock, ImageBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { MAX_IMAGE_BASE64_CHARS, MAX_PDF_BYTES } from './constants';

export type ImageMediaType = ImageBlock['source']['media_type'];

/** The image format by magic bytes: an extension alone can lie (a .png that is really a JPEG). */
export function imageMediaType(bytes: Uint8Array): ImageMediaType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b)) return 'image/webp';
  return undefined;
}

export function isPdf(bytes: Uint8Array): boolean {
  return [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b); // "%PDF-"
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

const mb = (n: number) => (n / (1024 * 1024)).toFixed(2);

export function imageBlock(absPath: string, bytes: Uint8Array): ImageBlock {
  if (bytes.length === 0) throw new ToolError('invalid_input', `${absPath} is an empty file, not an image.`);
  const mediaType = imageMediaType(bytes);
  if (!mediaType) {
    throw new ToolError(
      'invalid_input',
      `${absPath} has an image extension (${path.extname(absPath)}) but is not a PNG, JPEG, GIF or WebP image.`,
    );
  }
  const data = toBase64(bytes);
  if (data.length > MAX_IMAGE_BASE64_CHARS) {
    throw new ToolError(
      'too_large',
      `Image ${absPath} is ${mb(data.length)} MB as base64, over the ${mb(MAX_IMAGE_BASE64_CHARS)} MB an image may be. ` +
        'Codewright cannot downscale images (no image library is bundled): make a smaller copy, e.g. with a shell command, and read that.',
    );
  }
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
}

export function pdfBlock(absPath: string, bytes: Uint8Array): DocumentBlock {
  if (!isPdf(bytes)) throw new ToolError('invalid_input', `${absPath} has a .pdf extension but is not a PDF file.`);
  if (bytes.length > MAX_PDF_BYTES) {
    throw new ToolError(
      'too_large',
      `PDF ${absPath} is ${mb(bytes.length)} MB, over the ${mb(MAX_PDF_BYTES)} MB limit. Extract the text with a shell command (e.g. pdftotext) and read that.`,
    );
  }
  return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: toBase64(bytes) } };
}

/** Said with the whole document when `pages` asked for part of it. */
export function pagesNote(pages: string): string {
  return `The whole PDF is attached: Codewright cannot split PDFs (no PDF library is bundled). Look at pages ${pages}.`;
}
