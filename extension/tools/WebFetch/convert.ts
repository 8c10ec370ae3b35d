/**
 * What a fetched body becomes before the small model reads it: HTML → the page's readable part (Mozilla's
 * Readability over linkedom's DOM) → markdown (turndown); markdown, plain text, JSON and XML pass as text;
 * PDFs go to the model as a document; images and other binaries are answered without it. The HTML libraries
 * (html.ts) load on the first HTML page: a session that fetches none does not hold them (docs/ARCHITECTURE.md, Host memory).
 */
export type PageContent =
  | { kind: 'text'; text: string }
  | { kind: 'pdf'; data: Uint8Array }
  | { kind: 'binary'; description: string };

const TEXT_TYPES = /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|javascript|x-javascript|rss\+xml|atom\+xml|yaml|x-yaml|toml))|\+json$|\+xml$/;

/** Sorts a body by its content type (sniffing when the server sent none). */
export async function toPageContent(body: Uint8Array, contentType: string, url: string): Promise<PageContent> {
  const type = contentType || sniff(body);
  if (type === 'application/pdf') return { kind: 'pdf', data: body };
  if (type.startsWith('image/')) return { kind: 'binary', description: `an image (${type})` };
  if (type === 'text/html' || type === 'application/xhtml+xml') {
    const { htmlToMarkdown } = await import('./html');
    return { kind: 'text', text: htmlToMarkdown(decode(body), url) };
  }
  if (TEXT_TYPES.test(type)) return { kind: 'text', text: decode(body) };
  return { kind: 'binary', description: `binary content (${type || 'unknown type'})` };
}

function decode(body: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(body);
}

/** Without a content type: a PDF by its magic bytes, text when it decodes without NULs, else binary. */
function sniff(body: Uint8Array): string {
  const head = decode(body.subarray(0, 1024));
  if (head.startsWith('%PDF-')) return 'application/pdf';
  if (/^\s*<(!doctype html|html)/i.test(head)) return 'text/html';
  return head.includes('\u0000') ? 'application/octet-stream' : 'text/plain';
}
