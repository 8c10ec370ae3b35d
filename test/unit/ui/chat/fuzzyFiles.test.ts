import { describe, expect, it } from 'vitest';
import { fuzzyScore, rankFiles } from '../../../../extension/ui/chat/fuzzyFiles';

const paths = [
  'src/components/App.tsx',
  'src/app.ts',
  'test/app.test.ts',
  'docs/apple.md',
  'src/utils/approx.ts',
  'README.md',
];

describe('ui/chat/fuzzyFiles', () => {
  it('returns undefined when the query characters do not appear in order', () => {
    expect(fuzzyScore('xyz', 'src/app.ts')).toBeUndefined();
    expect(fuzzyScore('tsa', 'src/app.ts')).toBeUndefined();
  });

  it('ranks a file name starting with the query above one containing it and above scattered matches', () => {
    // Whole-name matches first (shorter names win), scattered ones after.
    expect(rankFiles('app', paths, 10)).toEqual(['src/app.ts', 'src/components/App.tsx', 'docs/apple.md', 'src/utils/approx.ts', 'test/app.test.ts']);
    expect(rankFiles('aptx', paths, 10)).toEqual(['src/components/App.tsx']);
  });

  it('matches scattered characters across directories, preferring word starts', () => {
    const ranked = rankFiles('cmpapp', paths, 10);
    expect(ranked).toEqual(['src/components/App.tsx']);
    expect(ranked).not.toContain('README.md');
  });

  it('keeps every path for an empty query and honours the limit', () => {
    expect(rankFiles('', paths, 3)).toHaveLength(3);
    expect(rankFiles('', paths, 100)).toHaveLength(paths.length);
  });
});
