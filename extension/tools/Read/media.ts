/**
 * Images and PDFs: sent to the model as base64 blocks. An image too big for the API is downscaled
 * (tools/shared/imageFit.ts); `pages` sends a PDF made of those pages only (pdfPages.ts).
 */
import path from 'node:path';
import type { DocumentBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { fitImage, imageMediaType, type FittedImage } from '../shared/imageFit';
import type { ImageLibraryLoader } from '../shared/imageLibrary';
import { MAX_PDF_BYTES, MAX_PDF_SPLIT_BYTES } from './constants';
import { parsePageRange } from './pages';
import { extractPdfPages, pageList } from './pdfPages';

export function isPdf(bytes: Uint8Array): boolean {
  return [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b); // "%PDF-"
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

const EXTRACT = 'extract the text with a shell command (e.g. pdftotext) and read that.';
const mb = (n: number) => (n / (1024 * 1024)).toFixed(2);

export async function readImage(absPath: string, bytes: Uint8Array, loader?: ImageLibraryLoader): Promise<FittedImage> {
  if (bytes.length === 0) throw new ToolError('invalid_input', `${absPath} is an empty file, not an image.`);
  if (!imageMediaType(bytes)) {
    throw new ToolError(
      'invalid_input',
      `${absPath} has an image extension (${path.extname(absPath)}) but is not a PNG, JPEG, GIF or WebP image.`,
    );
  }
  return fitImage(bytes, absPath, loader);
}

export interface PdfRead {
  block: DocumentBlock;
  /** With `pages`: the pages in the file, those sent, and those asked for past its end. */
  split?: { pageCount: number; sent: string; missing?: string };
}

function tooLarge(absPath: string, size: number, cap: number, hint: string): ToolError {
  return new ToolError('too_large', `PDF ${absPath} is ${mb(size)} MB, over the ${mb(cap)} MB limit. ${hint}`);
}

const block = (bytes: Uint8Array): DocumentBlock => ({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: toBase64(bytes) } });

export async function readPdf(absPath: string, bytes: Uint8Array, pages?: string): Promise<PdfRead> {
  if (!isPdf(bytes)) throw new ToolError('invalid_input', `${absPath} has a .pdf extension but is not a PDF file.`);
  if (pages === undefined) {
    if (bytes.length > MAX_PDF_BYTES) throw tooLarge(absPath, bytes.length, MAX_PDF_BYTES, `Read some of its pages with pages, or ${EXTRACT}`);
    return { block: block(bytes) };
  }
  if (bytes.length > MAX_PDF_SPLIT_BYTES) throw tooLarge(absPath, bytes.length, MAX_PDF_SPLIT_BYTES, 'Extract the text with a shell command (e.g. pdftotext) and read that.');
  const ranges = parsePageRange(pages);
  if (typeof ranges === 'string') throw new ToolError('invalid_input', ranges);
  const cut = await extractPdfPages(absPath, bytes, ranges);
  if (cut.bytes.length > MAX_PDF_BYTES) throw tooLarge(absPath, cut.bytes.length, MAX_PDF_BYTES, `Those pages alone are too big: ask for fewer, or ${EXTRACT}`);
  const missing = cut.missing.length ? { missing: pageList(cut.missing) } : {};
  return { block: block(cut.bytes), split: { pageCount: cut.pageCount, sent: pageList(cut.pages), ...missing } };
}

/** The text block after a PDF: its path and size, and with `pages` which pages it holds. */
export function pdfNote(filePath: string, originalSize: number, split: PdfRead['split']): string {
  const head = `PDF ${filePath} (${Math.round(originalSize / 1024)} KB)`;
  if (!split) return `${head}.`;
  const total = `${split.pageCount} page${split.pageCount === 1 ? '' : 's'}`;
  const past = split.missing ? ` Pages ${split.missing} are past its end.` : '';
  return `${head}, ${total}: attached are pages ${split.sent} only, as a PDF of their own.${past}`;
}
