import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeSearch } from '../../../../extension/host/node/search';
import { buildRipgrepArgs, splitGlobs } from '../../../../extension/tools/Grep/args';
import { fakeRg, isRunning, makeTree, removeTempDirs, runTool, searchContext } from './searchTree';

afterAll(removeTempDirs);

/** A small project: three files mention "needle", one only in upper case; ages make mtime order known. */
function project() {
  return makeTree(
    {
      'src/app.ts': 'import x from "y";\nconst needle = 1;\nexport default needle;\n',
      'src/util.ts': 'export function util() {}\n// needle here\n',
      'lib/old.js': 'var NEEDLE = true;\n',
      'docs/readme.md': 'before\nthe needle line\nafter\n',
      'notes.txt': 'nothing to see\n',
    },
    { 'src/app.ts': 300, 'src/util.ts': 100, 'lib/old.js': 500, 'docs/readme.md': 200 },
  );
}

const grep = (cwd: string, input: Record<string, unknown>) => runTool('Grep', input, searchContext(cwd));
const sortedLines = (text: string) => text.split('\n').sort();

describe('tools/Grep', () => {
  it('lists matching files newest first under a count line by default', async () => {
    const { text, isError } = await grep(project(), { pattern: 'needle' });
    expect(isError).toBe(false);
    expect(text).toBe('Found 3 files\nsrc/util.ts\ndocs/readme.md\nsrc/app.ts');
  });

  it('shows path:line:text lines in content mode, with line numbers unless -n is false', async () => {
    const root = project();
    const numbered = await grep(root, { pattern: 'needle', output_mode: 'content', path: 'src' });
    expect(sortedLines(numbered.text)).toEqual(['src/app.ts:2:const needle = 1;', 'src/app.ts:3:export default needle;', 'src/util.ts:2:// needle here']);
    const bare = await grep(root, { pattern: 'needle', output_mode: 'content', path: 'src/util.ts', '-n': false });
    expect(bare.text).toBe('src/util.ts:// needle here');
  });

  it('adds context lines as path-line-text for -C, context, -A and -B', async () => {
    const root = project();
    const around = 'docs/readme.md-1-before\ndocs/readme.md:2:the needle line\ndocs/readme.md-3-after';
    expect((await grep(root, { pattern: 'needle', output_mode: 'content', path: 'docs', '-C': 1 })).text).toBe(around);
    expect((await grep(root, { pattern: 'needle', output_mode: 'content', path: 'docs', context: 1 })).text).toBe(around);
    expect((await grep(root, { pattern: 'needle', output_mode: 'content', path: 'docs', '-A': 1 })).text).toBe(
      'docs/readme.md:2:the needle line\ndocs/readme.md-3-after',
    );
    expect((await grep(root, { pattern: 'needle', output_mode: 'content', path: 'docs', '-B': 1 })).text).toBe(
      'docs/readme.md-1-before\ndocs/readme.md:2:the needle line',
    );
  });

  it('matches case-insensitively with -i and shows only the match with -o', async () => {
    const root = project();
    expect((await grep(root, { pattern: 'needle', path: 'lib' })).text).toBe('No files found');
    expect((await grep(root, { pattern: 'needle', path: 'lib', '-i': true })).text).toBe('Found 1 file\nlib/old.js');
    expect((await grep(root, { pattern: 'n\\w+e', output_mode: 'content', path: 'src/util.ts', '-o': true })).text).toBe(
      'src/util.ts:2:needle',
    );
  });

  it('counts matching lines per file, sorted by path, then a totals line', async () => {
    const { text } = await grep(project(), { pattern: 'needle', output_mode: 'count' });
    expect(text).toBe('docs/readme.md:1\nsrc/app.ts:2\nsrc/util.ts:1\n\nFound 4 matching lines in 3 files.');
  });

  it('filters files with glob (braces and lists) and with type', async () => {
    const root = project();
    expect((await grep(root, { pattern: 'needle', glob: '*.md' })).text).toBe('Found 1 file\ndocs/readme.md');
    expect(sortedLines((await grep(root, { pattern: 'needle', glob: '*.{md,js}', '-i': true })).text)).toEqual([
      'Found 2 files',
      'docs/readme.md',
      'lib/old.js',
    ]);
    expect((await grep(root, { pattern: 'needle', glob: 'util.ts, *.md' })).text).toBe('Found 2 files\nsrc/util.ts\ndocs/readme.md');
    expect((await grep(root, { pattern: 'needle', type: 'ts' })).text).toBe('Found 2 files\nsrc/util.ts\nsrc/app.ts');
  });

  it('pages files with head_limit and offset, saying how to get the rest', async () => {
    const root = project();
    expect((await grep(root, { pattern: 'needle', head_limit: 2 })).text).toBe(
      'Found 3 files\nsrc/util.ts\ndocs/readme.md\n\n(Showing 2 of 3 files from offset 0; more results exist: pass offset: 2 for the next page, or narrow the search.)',
    );
    expect((await grep(root, { pattern: 'needle', head_limit: 2, offset: 2 })).text).toBe('Found 3 files\nsrc/app.ts');
    expect((await grep(root, { pattern: 'needle', offset: 5 })).text).toBe('Found 3 files\n\n(Nothing at offset 5: there are only 3 files.)');
  });

  it('pages content lines and count entries, and head_limit 0 lifts the limit', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `hit ${i}`).join('\n');
    const root = makeTree({ 'big.txt': lines, 'a.txt': 'hit\n', 'b.txt': 'hit\n' });
    const page = await grep(root, { pattern: 'hit', output_mode: 'content', path: 'big.txt', head_limit: 3, offset: 10 });
    expect(page.text).toBe(
      'big.txt:11:hit 10\nbig.txt:12:hit 11\nbig.txt:13:hit 12\n\n(Showing 3 lines from offset 10; more results exist: pass offset: 13 for the next page, or narrow the search.)',
    );
    const byDefault = await grep(root, { pattern: 'hit', output_mode: 'content', path: 'big.txt' });
    expect(byDefault.text.split('\n')).toHaveLength(250 + 2);
    const all = await grep(root, { pattern: 'hit', output_mode: 'content', path: 'big.txt', head_limit: 0 });
    expect(all.text.split('\n')).toHaveLength(300);
    const counts = await grep(root, { pattern: 'hit', output_mode: 'count', head_limit: 1, offset: 1 });
    expect(counts.text).toBe(
      'b.txt:1\n\nFound 302 matching lines in 3 files.\n(Showing 1 of 3 files from offset 1; more results exist: pass offset: 2 for the next page, or narrow the search.)',
    );
  });

  it('respects .gitignore, searches hidden files, and never searches .git', async () => {
    const root = makeTree({
      '.gitignore': 'build/\n*.log\n',
      'build/out.js': 'secret\n',
      'debug.log': 'secret\n',
      '.config/settings.json': '{"secret": true}\n',
      'kept.ts': 'secret\n',
    });
    const { text } = await grep(root, { pattern: 'secret|refs/heads' });
    expect(sortedLines(text)).toEqual(['.config/settings.json', 'Found 2 files', 'kept.ts']);
    // A glob naming an ignored file must not bring it back (rg's --glob alone would).
    expect((await grep(root, { pattern: 'secret', glob: '*.log' })).text).toBe('No files found');
  });

  it('gives paths relative to the working directory, and absolute ones outside it', async () => {
    const root = project();
    const sub = path.join(root, 'src');
    expect((await grep(sub, { pattern: 'needle', path: 'util.ts' })).text).toBe('Found 1 file\nutil.ts');
    const outside = await grep(sub, { pattern: 'needle', path: path.join(root, 'docs') });
    expect(outside.text).toBe(`Found 1 file\n${path.join(root, 'docs', 'readme.md')}`);
  });

  it('searches for a pattern that starts with a dash', async () => {
    const root = makeTree({ 'flags.sh': 'rg --hidden -n\n' });
    expect((await grep(root, { pattern: '--hidden', output_mode: 'content' })).text).toBe('flags.sh:1:rg --hidden -n');
  });

  it('lets a multiline pattern span lines', async () => {
    const root = makeTree({ 'a.ts': 'function f(\n  x,\n) {}\n' });
    expect((await grep(root, { pattern: 'f\\(.*x', path: 'a.ts' })).text).toBe('No files found');
    expect((await grep(root, { pattern: 'f\\(.*x', path: 'a.ts', multiline: true })).text).toBe('Found 1 file\na.ts');
  });

  it('says so when nothing matches in content and count modes', async () => {
    const root = project();
    expect((await grep(root, { pattern: 'absent', output_mode: 'content' })).text).toBe('No matches found');
    expect((await grep(root, { pattern: 'absent', output_mode: 'count' })).text).toBe('No matches found');
  });

  it("returns ripgrep's error for a bad regex or an unknown type as an error result", async () => {
    const root = project();
    const bad = await grep(root, { pattern: 'needle(' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/regex parse error[\s\S]*unclosed group/);
    const type = await grep(root, { pattern: 'needle', type: 'nosuchtype' });
    expect(type.isError).toBe(true);
    expect(type.text).toMatch(/unrecognized file type: nosuchtype/);
  });

  it('refuses a path that does not exist, naming the working directory', async () => {
    const root = project();
    const { text, stage } = await grep(root, { pattern: 'x', path: 'nope' });
    expect(stage).toBe('validation');
    expect(text).toContain(`Path does not exist: ${path.join(root, 'nope')}. Current working directory: ${root}.`);
  });

  it.skipIf(process.platform === 'win32')('kills rg when the call is aborted (fake rg: a shell script)', async () => {
    const { rgPath, pidFile } = fakeRg('exec sleep 30');
    const root = project();
    const context = searchContext(root);
    context.ports = { ...context.ports, search: new NodeSearch({ rgPath }) };
    const running = runTool('Grep', { pattern: 'x' }, context);
    while (!readPid(pidFile)) await new Promise((r) => setTimeout(r, 10));
    const pid = readPid(pidFile)!;
    expect(isRunning(pid)).toBe(true);
    context.abortController.abort();
    expect((await running).stage).toBe('interrupted');
    expect(isRunning(pid)).toBe(false);
  });
});

function readPid(file: string): number | undefined {
  try {
    return Number(readFileSync(file, 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

describe('tools/Grep rg arguments', () => {
  it('puts the pattern after -- and uses --regexp for one starting with a dash', () => {
    expect(buildRipgrepArgs({ pattern: 'a' }, '.').slice(-3)).toEqual(['--', 'a', '.']);
    expect(buildRipgrepArgs({ pattern: '-a' }, 'src').slice(-4)).toEqual(['--regexp', '-a', '--', 'src']);
  });

  it('caps line width, searches hidden files and excludes version-control folders', () => {
    const args = buildRipgrepArgs({ pattern: 'a' }, '.');
    expect(args).toEqual(expect.arrayContaining(['--hidden', '--max-columns', '500', '--no-config']));
    expect(args.join(' ')).toContain('--glob !.git --glob !.svn --glob !.hg');
  });

  it('turns name-only globs into a file type, so .gitignore still applies to them', () => {
    const args = (glob: string, type?: string) => buildRipgrepArgs({ pattern: 'a', glob, ...(type ? { type } : {}) }, '.').slice(18, -5);
    expect(args('**/*.ts *.md')).toEqual(['--type-add', 'cwglob:*.ts', '--type-add', 'cwglob:*.md', '--type', 'cwglob']);
    expect(args('*.ts !*.d.ts')).toEqual(['--type-add', 'cwglob:*.ts', '--type', 'cwglob', '--glob', '!*.d.ts']);
    // Folders in a glob, or a type to narrow within, need rg's own glob matching.
    expect(args('src/*.ts *.md')).toEqual(['--glob', 'src/*.ts', '--glob', '*.md']);
    expect(args('*.ts', 'js')).toEqual(['--type', 'js', '--glob', '*.ts']);
  });

  it('splits glob lists on spaces and commas but not inside braces', () => {
    expect(splitGlobs('*.ts *.{js,jsx},*.md')).toEqual(['*.ts', '*.{js,jsx},*.md']);
    expect(splitGlobs('*.ts, *.md')).toEqual(['*.ts', '*.md']);
  });
});
