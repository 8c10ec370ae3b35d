import { describe, expect, it } from 'vitest';
import { blocksToRender, splitMarkdownBlocks } from '../../../webview/components/markdownBlocks';

describe('splitMarkdownBlocks', () => {
  it('splits paragraphs and headings at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nFirst para\nstill first.\n\nSecond.')).toEqual(['# Title', 'First para\nstill first.', 'Second.']);
  });

  it('keeps a fenced code block with blank lines whole, also while it is still open', () => {
    const done = 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.';
    expect(splitMarkdownBlocks(done)).toEqual(['Intro.', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After.']);
    const open = 'Intro.\n\n~~~~\nx\n\n```\nnot a close\n';
    expect(splitMarkdownBlocks(open)).toEqual(['Intro.', '~~~~\nx\n\n```\nnot a close\n']);
  });

  it('does not split a loose list, an indented continuation, a quote or a table', () => {
    const list = '- one\n\n- two\n\n  more of two\n\n1. three';
    expect(splitMarkdownBlocks(list)).toEqual([list]);
    expect(splitMarkdownBlocks('> a\n\n> b')).toEqual(['> a\n\n> b']);
    expect(splitMarkdownBlocks('| a |\n|---|\n\n| b |')).toEqual(['| a |\n|---|\n\n| b |']);
  });

  it('joins back to text that differs from the input only in blank-line runs', () => {
    const text = 'A\n\n\n\nB\n\n```\ncode\n```\n\nC\n';
    const blocks = splitMarkdownBlocks(text);
    expect(blocks).toEqual(['A', 'B', '```\ncode\n```', 'C']);
  });

  it('gives an unchanged prefix of blocks as text grows, so finished blocks can be reused', () => {
    const full = 'Para one.\n\nPara two is longer.\n\n```js\nlet x;\n```\n\nTail';
    let previous: string[] = [];
    for (let i = 1; i <= full.length; i++) {
      const blocks = splitMarkdownBlocks(full.slice(0, i));
      // Every block but the last one seen before is final.
      expect(blocks.slice(0, Math.max(0, previous.length - 1))).toEqual(previous.slice(0, -1));
      previous = blocks;
    }
  });

  it('keeps a reply that streamed in its blocks once finished, unless a definition may be used from another block', () => {
    const plain = 'Para one.\n\n```js\nlet x;\n```\n\nTail with [a link](https://example.com).';
    expect(blocksToRender(plain, true, true)).toHaveLength(3);
    expect(blocksToRender(plain, false, true)).toEqual(splitMarkdownBlocks(plain));
    // Opened finished: one parse of the whole text, as before.
    expect(blocksToRender(plain, false, false)).toEqual([plain]);
    const withRefs = 'See [the docs][docs] and a note.[^1]\n\nMore.\n\n[docs]: https://example.com\n\n[^1]: The note.';
    expect(blocksToRender(withRefs, false, true)).toEqual([withRefs]);
    expect(blocksToRender(withRefs, true, true)).toEqual(splitMarkdownBlocks(withRefs));
    const nested = 'Use [it][a].\n\nNext.\n\n- item\n  - sub\n\n    [a]: https://example.com';
    expect(blocksToRender(nested, false, true)).toEqual([nested]);
  });
});
