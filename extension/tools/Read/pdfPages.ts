/**
 * Cutting the pages `pages` names out of a PDF with pdf-lib, so only they are sent. `import()` keeps pdf-lib
 * in its own chunk (dist/lazy/), loaded on the first read with `pages`.
 */
import { ToolError } from '../../core/contracts/toolErrors';
import { pageNumbers, type PageRange } from './pages';

export interface PdfExtract {
  bytes: Uint8Array;
  /** Pages in the whole file. */
  pageCount: number;
  /** The pages sent, 1-based, in the order asked (a page asked twice is sent once). */
  pages: number[];
  /** Pages asked for that the file does not have. */
  missing: number[];
}

/** A short form of a list of page numbers: [1,2,3,7] → "1-3,7". */
export function pageList(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === (pages[j] ?? 0) + 1) j++;
    parts.push(j === i ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export async function extractPdfPages(absPath: string, bytes: Uint8Array, ranges: readonly PageRange[]): Promise<PdfExtract> {
  const { PDFDocument } = await import('pdf-lib');
  let source: Awaited<ReturnType<typeof PDFDocument.load>>;
  let pageCount: number;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
    // A file pdf-lib cannot make sense of often loads, and fails only when its page tree is walked.
    pageCount = source.getPageCount();
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ToolError('invalid_input', `Could not read the pages of ${absPath} (${why}). Read it without pages to send the whole file.`);
  }
  const asked = [...new Set(ranges.flatMap(pageNumbers))];
  const pages = asked.filter((p) => p <= pageCount);
  const missing = asked.filter((p) => p > pageCount);
  if (pages.length === 0) {
    throw new ToolError('invalid_input', `${absPath} has ${pageCount} page${pageCount === 1 ? '' : 's'}; pages ${pageList(missing)} are past its end.`);
  }
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const page of await out.copyPages(source, pages.map((p) => p - 1))) out.addPage(page);
  return { bytes: await out.save(), pageCount, pages, missing };
}
