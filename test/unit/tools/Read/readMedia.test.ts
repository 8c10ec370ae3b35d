import { describe, expect, it } from 'vitest';
import { memoryHarness } from '../shared/harness';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('tools/Read images and PDFs', () => {
  it('returns a PNG as a base64 image block', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/shot.png', PNG);
    const { result, outcome } = await h.run('Read', { file_path: '/proj/shot.png' });
    expect(outcome.stage).toBe('success');
    expect(result.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(PNG) } }]);
  });

  it('takes the media type from the magic bytes, not the extension', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/photo.png', JPEG);
    const { result } = await h.run('Read', { file_path: '/proj/photo.png' });
    expect(result.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: b64(JPEG) } }]);
  });

  it('refuses a file with an image extension that is not an image', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/fake.gif', 'just text');
    expect((await h.run('Read', { file_path: '/proj/fake.gif' })).text).toBe(
      '<tool_use_error>Error: /proj/fake.gif has an image extension (.gif) but is not a PNG, JPEG, GIF or WebP image.</tool_use_error>',
    );
  });

  it('returns a PDF as a document block with a line naming it', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', PDF);
    const { result } = await h.run('Read', { file_path: '/proj/doc.pdf' });
    expect(result.content).toEqual([
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: b64(PDF) } },
      { type: 'text', text: 'PDF /proj/doc.pdf (0 KB).' },
    ]);
  });

  it('refuses more than 20 pages, a malformed range, and pages for a file that is not a PDF, before reading', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', PDF);
    h.workspace.put('/proj/a.txt', 'x');
    const tooMany = await h.run('Read', { file_path: '/proj/doc.pdf', pages: '1-21' });
    expect(tooMany.outcome.stage).toBe('validation');
    expect(tooMany.text).toBe('<tool_use_error>pages covers 21 pages; read at most 20 at a time (e.g. "1-20").</tool_use_error>');
    expect((await h.run('Read', { file_path: '/proj/doc.pdf', pages: 'first' })).text).toBe(
      '<tool_use_error>pages must be a page number, a range or a list of them, like "3", "1-5" or "1-2,7"; got "first".</tool_use_error>',
    );
    expect((await h.run('Read', { file_path: '/proj/doc.pdf', pages: '5-2' })).text).toBe(
      '<tool_use_error>pages must run from a lower to a higher page; got "5-2".</tool_use_error>',
    );
    expect((await h.run('Read', { file_path: '/proj/a.txt', pages: '1' })).text).toBe(
      '<tool_use_error>pages applies only to PDF files; /proj/a.txt is not one. Use offset and limit for text.</tool_use_error>',
    );
  });

  it('refuses a .pdf that is not a PDF', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/doc.pdf', 'hello');
    expect((await h.run('Read', { file_path: '/proj/doc.pdf' })).text).toBe(
      '<tool_use_error>Error: /proj/doc.pdf has a .pdf extension but is not a PDF file.</tool_use_error>',
    );
  });
});
