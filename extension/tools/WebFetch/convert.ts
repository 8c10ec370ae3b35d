/**
 * What a fetched body becomes before the small model reads it: HTML → the page's readable part (Mozilla's
 * Readability over linkedom's DOM) → markdown (turndown); markdown, plain text, JSON and XML pass as text;
 * PDFs go to the model as a document; images and other binaries are answered without it.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export type PageContent =
  | { kind: 'text'; text: string }
  | { kind: 'pdf'; data: Uint8Array }
  | { kind: 'binary'; description: string };

const TEXT_TYPES = /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|javascript|x-javascript|rss\+xml|atom\+xml|yaml|x-yaml|toml))|\+json$|\+xml$/;

/** Sorts a body by its content type (sniffing when the server sent none). */
export function toPageContent(body: Uint8Array, contentType: string, url: string): PageContent {
  const type = contentType || sniff(body);
  if (type === 'application/pdf') return { kind: 'pdf', data: body };
  if (type.startsWith('image/')) return { kind: 'binary', description: `an image (${type})` };
  if (type === 'text/html' || type === 'application/xhtml+xml') return { kind: 'text', text: htmlToMarkdown(decode(body), url) };
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

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'nav', 'footer', 'form']);

/** The readable part of a page as markdown, its title as the first heading; the whole body when Readability finds no article. */
export function htmlToMarkdown(html: string, url: string): string {
  const { document } = parseHTML(html);
  // linkedom has no base URI; Readability needs one to make relative links absolute.
  for (const key of ['baseURI', 'documentURI']) Object.defineProperty(document, key, { value: url, configurable: true });
  const title = document.title?.trim() ?? '';
  const bodyHtml = document.body?.innerHTML ?? html;
  const article = new Readability(document).parse();
  const markdown = turndown.turndown(article?.content ?? bodyHtml).trim();
  const heading = article?.title?.trim() || title;
  return heading && !markdown.startsWith(`# ${heading}`) ? `# ${heading}\n\n${markdown}` : markdown;
}
