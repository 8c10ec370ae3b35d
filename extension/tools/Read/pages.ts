/** The `pages` input of Read: "3" or "1-5", at most MAX_PDF_PAGES pages. */
import { MAX_PDF_PAGES } from './constants';

export type PageRange = { first: number; last: number };

/** The range, or a message saying what is wrong with it. */
export function parsePageRange(pages: string): PageRange | string {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(pages);
  if (!m) return `pages must be a page number or a range like "3" or "1-5"; got "${pages}".`;
  const first = Number(m[1]);
  const last = m[2] === undefined ? first : Number(m[2]);
  if (first < 1) return `pages starts at page 1; got "${pages}".`;
  if (last < first) return `pages must run from a lower to a higher page; got "${pages}".`;
  const count = last - first + 1;
  if (count > MAX_PDF_PAGES) {
    return `pages covers ${count} pages; read at most ${MAX_PDF_PAGES} at a time (e.g. "${first}-${first + MAX_PDF_PAGES - 1}").`;
  }
  return { first, last };
}
