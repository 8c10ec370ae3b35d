import { describe, expect, it } from 'vitest';
import { type FetchedPage, PageCache } from '../../../../extension/tools/WebFetch/cache';

const page = (url: string, text = 'page text'): FetchedPage => ({ url, status: 200, statusText: 'OK', contentType: 'text/html', bytes: text.length, content: { kind: 'text', text } });

describe('tools/WebFetch/cache', () => {
  it('serves a page for 15 minutes and forgets it after', () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    cache.set('https://a.test/', page('https://a.test/'));
    now = 15 * 60 * 1000;
    expect(cache.get('https://a.test/')?.url).toBe('https://a.test/');
    now += 1;
    expect(cache.get('https://a.test/')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used page past the entry bound', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a');
    cache.set('c', page('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.url).toBe('a');
    expect(cache.get('c')?.url).toBe('c');
  });

  it('keeps the total size under its character bound and never stores a page larger than it', () => {
    const cache = new PageCache({ maxChars: 10 });
    cache.set('a', page('a', '123456'));
    cache.set('b', page('b', '12345'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.url).toBe('b');
    cache.set('big', page('big', '12345678901'));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('b')?.url).toBe('b');
  });
});
