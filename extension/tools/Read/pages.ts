/** The `pages` input of Read: "3", "1-5", or a list of them ("1-2,7"), at most MAX_PDF_PAGES pages in all. */
import { MAX_PDF_PAGES } from './constants';

export type PageRange = { first: number; last: number };

const RANGE = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/;

/** The ranges in the order given, or a message saying what is wrong with them. */
export function parsePageRange(pages: string): PageRange[] | string {
  const ranges: PageRange[] = [];
  for (const part of pages.split(',')) {
    const m = RANGE.exec(part);
    if (!m) return `pages must be a page number, a range or a list of them, like "3", "1-5" or "1-2,7"; got "${pages}".`;
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : Number(m[2]);
    if (first < 1) return `pages starts at page 1; got "${pages}".`;
    if (last < first) return `pages must run from a lower to a higher page; got "${pages}".`;
    ranges.push({ first, last });
  }
  const count = new Set(ranges.flatMap(pageNumbers)).size;
  if (count > MAX_PDF_PAGES) {
    const first = ranges[0]?.first ?? 1;
    return `pages covers ${count} pages; read at most ${MAX_PDF_PAGES} at a time (e.g. "${first}-${first + MAX_PDF_PAGES - 1}").`;
  }
  return ranges;
}

export function pageNumbers(range: PageRange): number[] {
  return Array.from({ length: range.last - range.first + 1 }, (_, i) => range.first + i);
}
