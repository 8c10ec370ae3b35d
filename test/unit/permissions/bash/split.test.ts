import { describe, expect, it } from 'vitest';
import { splitCommand, splitSimpleCommands } from '../../../../extension/core/engines/permissions/bash';
import { parser } from './helpers';

const cases: [string, string[]][] = [
  ['ls', ['ls']],
  ['ls -la src', ['ls -la src']],
  ['ls | grep x', ['ls', 'grep x']],
  ['cat a | sort | uniq -c | head', ['cat a', 'sort', 'uniq -c', 'head']],
  ['a && b', ['a', 'b']],
  ['a || b', ['a', 'b']],
  ['a; b; c', ['a', 'b', 'c']],
  ['a & b', ['a', 'b']],
  ['a\nb', ['a', 'b']],
  ['(cd sub && make)', ['cd sub', 'make']],
  ['{ echo a; echo b; }', ['echo a', 'echo b']],
  ['echo $(whoami)', ['echo $(whoami)', 'whoami']],
  ['echo `date`', ['echo `date`', 'date']],
  ['echo "x $(id -u) y"', ['echo "x $(id -u) y"', 'id -u']],
  ['echo $(echo $(pwd))', ['echo $(echo $(pwd))', 'echo $(pwd)', 'pwd']],
  ['diff <(ls a) <(ls b)', ['diff <(ls a) <(ls b)', 'ls a', 'ls b']],
  ['tee >(wc -l) < f', ['tee >(wc -l)', 'wc -l']],
  ['cat <<EOF\nhello $(rm x)\nEOF', ['cat', 'rm x']],
  ["cat <<'EOF'\nhello $(rm x)\nEOF", ['cat']],
  ['if [ -f x ]; then cat x; else echo none; fi', ['[ -f x ]', 'cat x', 'echo none']],
  ['for f in *.ts; do wc -l "$f"; done', ['wc -l "$f"']],
  ['while read l; do echo "$l"; done < in.txt', ['read l', 'echo "$l"']],
  ['case $x in a) ls;; *) pwd;; esac', ['ls', 'pwd']],
  ['f() { rm -rf build; }; f', ['rm -rf build', 'f']],
  ['! grep -q x f', ['grep -q x f']],
  ['[[ -d src ]] && ls src', ['[[ -d src ]]', 'ls src']],
  ['FOO=1 BAR=2 npm test', ['FOO=1 BAR=2 npm test']],
  ['X=$(date) && echo $X', ['X=$(date)', 'date', 'echo $X']],
  ['export A=1; unset B', ['export A=1', 'unset B']],
  ['echo "a && b" \'c | d\'', ['echo "a && b" \'c | d\'']],
  ['echo a\\;b', ['echo a\\;b']],
  ['ls > out.txt 2>&1', ['ls']],
  ['(( i++ )); echo $((1+2))', ['(( i++ ))', 'echo $((1+2))']],
  ['git log --oneline | head -5 && git status', ['git log --oneline', 'head -5', 'git status']],
  ['time ls', ['time ls']],
  ['# just a comment', []],
  ['', []],
];

describe('splitCommand', () => {
  it.each(cases)('splits %j into its simple commands', (command, expected) => {
    expect(splitCommand(parser, command)).toEqual(expected);
  });

  it.each(['echo "unterminated', 'ls |', 'if then fi', 'echo $(ls', 'a && && b', 'case x in'])('returns undefined when %j does not parse', (command) => {
    expect(splitCommand(parser, command)).toBeUndefined();
  });

  it('returns undefined when there is no parser', () => {
    expect(splitCommand(undefined, 'ls')).toBeUndefined();
  });

  it('evaluates quoted and escaped command names to the name that runs', () => {
    const names = ['"rm" -rf /', "r''m x", '\\rm x', "$'rm' x", "'r'\"m\" x"].map((c) => splitSimpleCommands(parser, c)?.[0]?.words[0]?.value);
    expect(names).toEqual(['rm', 'rm', 'rm', 'rm', 'rm']);
  });

  it('leaves names built by expansion unevaluated', () => {
    const names = ['$CMD x', '$(echo rm) x', '${X}y a', 'r{m,} x'].map((c) => splitSimpleCommands(parser, c)?.[0]?.words[0]?.value);
    expect(names).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('separates leading assignments from the words', () => {
    const [cmd] = splitSimpleCommands(parser, 'FOO=1 BAR="a b" npm test') ?? [];
    expect(cmd?.assignments.map((a) => [a.name, a.value])).toEqual([['FOO', '1'], ['BAR', 'a b']]);
    expect(cmd?.words.map((w) => w.value)).toEqual(['npm', 'test']);
  });
});
