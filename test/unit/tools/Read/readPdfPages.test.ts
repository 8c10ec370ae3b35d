import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DocumentBlock } from '../../../../extension/core/base/messages';
import { memoryHarness } from '../shared/harness';

/** A PDF of `pages` pages whose widths say which page each is: page n is 100 + n points wide. */
async function numberedPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= pages; n++) doc.addPage([100 + n, 200]).drawText(`Page ${n}`, { x: 10, y: 100, size: 12 });
  return doc.save();
}

/** The widths of the sent document's pages, so which pages it holds. */
async function sentPages(content: unknown): Promise<number[]> {
  const doc = (content as { type: string }[]).find((b): b is DocumentBlock => b.type === 'document');
  if (doc?.source.type !== 'base64') throw new Error('no base64 document block');
  const pdf = await PDFDocument.load(Buffer.from(doc.source.data, 'base64'));
  return pdf.getPages().map((p) => p.getWidth() - 100);
}

const noteOf = (content: unknown) => (content as { type: string; text?: string }[]).find((b) => b.type === 'text')?.text;

describe('tools/Read pages of a PDF', () => {
  it('sends a PDF of pages 3-5 only, and says so', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', await numberedPdf(5));
    const { result, outcome } = await h.run('Read', { file_path: '/proj/doc.pdf', pages: '3-5' });
    expect(outcome.stage).toBe('success');
    expect(await sentPages(result.content)).toEqual([3, 4, 5]);
    expect(noteOf(result.content)).toMatch(/^PDF \/proj\/doc\.pdf \(\d+ KB\), 5 pages: attached are pages 3-5 only, as a PDF of their own\.$/);
  });

  it('takes one page and a list of pages and ranges', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', await numberedPdf(8));
    expect(await sentPages((await h.run('Read', { file_path: '/proj/doc.pdf', pages: '3' })).result.content)).toEqual([3]);
    const list = (await h.run('Read', { file_path: '/proj/doc.pdf', pages: '1-2,7' })).result.content;
    expect(await sentPages(list)).toEqual([1, 2, 7]);
    expect(noteOf(list)).toContain('attached are pages 1-2,7 only');
  });

  it('sends the pages the file has and names those past its end', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', await numberedPdf(5));
    const { result } = await h.run('Read', { file_path: '/proj/doc.pdf', pages: '4-8' });
    expect(await sentPages(result.content)).toEqual([4, 5]);
    expect(noteOf(result.content)).toContain('5 pages: attached are pages 4-5 only, as a PDF of their own. Pages 6-8 are past its end.');
  });

  it('refuses pages that all lie past the end, saying how many pages the file has', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', await numberedPdf(5));
    expect((await h.run('Read', { file_path: '/proj/doc.pdf', pages: '7-9' })).text).toBe(
      '<tool_use_error>Error: /proj/doc.pdf has 5 pages; pages 7-9 are past its end.</tool_use_error>',
    );
  });

  it('says so when the PDF cannot be parsed to cut pages out of it', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/broken.pdf', '%PDF-1.7\nnot really a pdf\n');
    const { text } = await h.run('Read', { file_path: '/proj/broken.pdf', pages: '1' });
    expect(text).toMatch(/^<tool_use_error>Error: Could not read the pages of \/proj\/broken\.pdf \(.+\)\. Read it without pages to send the whole file\.<\/tool_use_error>$/);
  });

  it('refuses a list covering more than 20 pages', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', await numberedPdf(5));
    expect((await h.run('Read', { file_path: '/proj/doc.pdf', pages: '1-15,20-30' })).text).toBe(
      '<tool_use_error>pages covers 26 pages; read at most 20 at a time (e.g. "1-20").</tool_use_error>',
    );
  });
});
