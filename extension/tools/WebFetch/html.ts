/**
 * HTML → markdown for WebFetch: the page's readable part (Mozilla's Readability over linkedom's DOM), then
 * turndown. Imported by convert.ts on the first HTML page only: these libraries cost several MB resident.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

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
