/**
 * The pages WebFetch fetched in the last 15 minutes, by URL, in memory: asking another question about the
 * same page (the usual next call) costs no request. Bounded by entries and by characters; the least recently
 * used page goes first.
 */
import { CACHE_MAX_CHARS, CACHE_MAX_ENTRIES, CACHE_TTL_MS } from './constants';
import type { PageContent } from './convert';

export interface FetchedPage {
  /** The URL the page came from after same-host redirects. */
  url: string;
  status: number;
  statusText: string;
  contentType: string;
  /** The body's size in bytes. */
  bytes: number;
  content: PageContent;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxChars?: number;
  now?: () => number;
}

function sizeOf(page: FetchedPage): number {
  const c = page.content;
  return c.kind === 'text' ? c.text.length : c.kind === 'pdf' ? c.data.byteLength : c.description.length;
}

export class PageCache {
  private readonly entries = new Map<string, { page: FetchedPage; at: number; size: number }>();
  private total = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? CACHE_MAX_ENTRIES;
    this.maxChars = options.maxChars ?? CACHE_MAX_CHARS;
    this.now = options.now ?? Date.now;
  }

  get(url: string): FetchedPage | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.delete(url);
    if (this.now() - entry.at > this.ttlMs) return undefined;
    // Re-inserted: Map order is the use order, oldest first.
    this.entries.set(url, entry);
    this.total += entry.size;
    return entry.page;
  }

  set(url: string, page: FetchedPage): void {
    this.delete(url);
    const size = sizeOf(page);
    if (size > this.maxChars) return;
    this.entries.set(url, { page, at: this.now(), size });
    this.total += size;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxChars) break;
      this.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.total -= entry.size;
  }
}
