import { describe, expect, it } from 'vitest';
import { splitArguments, substituteArguments } from '../../../extension/core/base/text/arguments';

describe('core/base/text/arguments', () => {
  it('splits like a shell: quotes group words, backslashes escape', () => {
    expect(splitArguments(`123 "high priority" 'a b' c\\ d`)).toEqual(['123', 'high priority', 'a b', 'c d']);
    expect(splitArguments('  ')).toEqual([]);
    expect(splitArguments('say "it\\"s" ""')).toEqual(['say', 'it"s', '']);
    expect(splitArguments('"unclosed rest')).toEqual(['unclosed rest']);
  });

  it('puts the whole string in $ARGUMENTS and the words in $1..$9', () => {
    const body = 'Fix issue #$1 with priority $2. All: $ARGUMENTS. Missing: [$3]';
    expect(substituteArguments(body, '123 "high priority"')).toBe('Fix issue #123 with priority high priority. All: 123 "high priority". Missing: []');
  });

  it('does not substitute again inside an argument, and leaves $10 alone', () => {
    expect(substituteArguments('A $1 B $10', '$2 x')).toBe('A $2 B $10');
  });

  it('appends ARGUMENTS when the body has no placeholder and arguments were given', () => {
    expect(substituteArguments('Review the code.\n', ' src/a.ts ')).toBe('Review the code.\n\nARGUMENTS: src/a.ts');
    expect(substituteArguments('Review the code.', '')).toBe('Review the code.');
  });
});
