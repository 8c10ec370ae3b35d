import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitAbsolutePattern } from '../../../../extension/tools/Glob/Glob';
import { makeTree, removeTempDirs, runTool, searchContext, setAges } from '../Grep/searchTree';

afterAll(removeTempDirs);

/** Ages (seconds before now) make the mtime order differ from both name and creation order. */
function project() {
  return makeTree(
    {
      'src/b.ts': 'b',
      'src/a.ts': 'a',
      'src/deep/c.ts': 'c',
      'src/deep/d.tsx': 'd',
      'index.ts': 'i',
      'README.md': 'r',
    },
    { 'src/b.ts': 400, 'src/a.ts': 100, 'src/deep/c.ts': 300, 'index.ts': 200, 'src/deep/d.tsx': 50 },
  );
}

const glob = (cwd: string, input: Record<string, unknown>, maxResults?: number) =>
  runTool('Glob', input, searchContext(cwd, maxResults ? { globLimits: { maxResults } } : {}));

describe('tools/Glob', () => {
  it('lists matching paths relative to the working directory, oldest modification first', async () => {
    const { text, isError } = await glob(project(), { pattern: '**/*.ts' });
    expect(isError).toBe(false);
    expect(text).toBe('src/b.ts\nsrc/deep/c.ts\nindex.ts\nsrc/a.ts');
  });

  it('follows a change of mtime', async () => {
    const root = project();
    setAges(root, { 'src/a.ts': 1000 });
    expect((await glob(root, { pattern: 'src/*.ts' })).text).toBe('src/a.ts\nsrc/b.ts');
  });

  it('matches only the named folder level unless the pattern says **', async () => {
    const root = project();
    expect((await glob(root, { pattern: 'src/*.ts' })).text).toBe('src/b.ts\nsrc/a.ts');
    expect((await glob(root, { pattern: 'src/**/*.{ts,tsx}' })).text).toBe('src/b.ts\nsrc/deep/c.ts\nsrc/a.ts\nsrc/deep/d.tsx');
    expect((await glob(root, { pattern: 'src/*/c.ts' })).text).toBe('src/deep/c.ts');
  });

  it('searches the folder given as path, absolute or relative', async () => {
    const root = project();
    expect((await glob(root, { pattern: '*.ts', path: 'src/deep' })).text).toBe('src/deep/c.ts');
    expect((await glob(root, { pattern: '*.ts', path: path.join(root, 'src', 'deep') })).text).toBe('src/deep/c.ts');
  });

  it('gives absolute paths for files outside the working directory, and takes the folder from an absolute pattern', async () => {
    const root = project();
    const sub = path.join(root, 'src', 'deep');
    expect((await glob(sub, { pattern: '*.md', path: root })).text).toBe(path.join(root, 'README.md'));
    expect((await glob(sub, { pattern: path.join(root, 'src', '*.ts') })).text).toBe(
      `${path.join(root, 'src', 'b.ts')}\n${path.join(root, 'src', 'a.ts')}`,
    );
  });

  it('caps the list at 100 and says how many were left out', async () => {
    const files = Object.fromEntries(Array.from({ length: 105 }, (_, i) => [`f${String(i).padStart(3, '0')}.txt`, 'x']));
    const ages = Object.fromEntries(Array.from({ length: 105 }, (_, i) => [`f${String(i).padStart(3, '0')}.txt`, 1000 - i]));
    const { text } = await glob(makeTree(files, ages), { pattern: '*.txt' });
    const lines = text.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe('f000.txt');
    expect(lines[99]).toBe('f099.txt');
    expect(lines[100]).toBe(
      '(5 more of 105 matching files were left out; only the 100 least recently modified are listed. Use a more specific path or pattern to see the rest.)',
    );
  });

  it('uses globLimits.maxResults instead of 100 when the context sets it', async () => {
    const { text } = await glob(project(), { pattern: '**/*.ts' }, 2);
    expect(text.split('\n')).toEqual([
      'src/b.ts',
      'src/deep/c.ts',
      '(2 more of 4 matching files were left out; only the 2 least recently modified are listed. Use a more specific path or pattern to see the rest.)',
    ]);
  });

  it('says "No files found" when nothing matches', async () => {
    expect((await glob(project(), { pattern: '**/*.rs' })).text).toBe('No files found');
  });

  it('leaves out git-ignored files, even ones the pattern names, and hidden files', async () => {
    const root = makeTree({
      '.gitignore': 'dist/\n*.log\n',
      'dist/bundle.js': 'x',
      'app.js': 'x',
      'debug.log': 'x',
      '.eslintrc.js': 'x',
      'src/.hidden/h.js': 'x',
    });
    expect((await glob(root, { pattern: '**/*.js' })).text).toBe('app.js');
    expect((await glob(root, { pattern: '*.log' })).text).toBe('No files found');
    // Naming a dotfile or a hidden folder asks for it; .git stays out even then.
    expect((await glob(root, { pattern: '.eslintrc.*' })).text).toBe('.eslintrc.js');
    expect((await glob(root, { pattern: '**/.hidden/*.js' })).text).toBe('src/.hidden/h.js');
    expect((await glob(root, { pattern: '**/.*' })).text.split('\n').sort()).toEqual(['.eslintrc.js', '.gitignore']);
  });

  it('refuses a path that is missing or not a folder', async () => {
    const root = project();
    const missing = await glob(root, { pattern: '*', path: 'nope' });
    expect(missing.stage).toBe('validation');
    expect(missing.text).toContain(`Directory does not exist: ${path.join(root, 'nope')}. Current working directory: ${root}.`);
    const file = await glob(root, { pattern: '*', path: 'index.ts' });
    expect(file.text).toContain(`Path is not a directory: ${path.join(root, 'index.ts')}`);
  });

  it("returns ripgrep's error for a malformed pattern", async () => {
    const { text, isError } = await glob(project(), { pattern: 'src/{a,b/*.ts' });
    expect(isError).toBe(true);
    expect(text).toMatch(/error parsing glob/);
  });
});

describe('tools/Glob splitAbsolutePattern', () => {
  it('splits at the first part holding a wildcard', () => {
    expect(splitAbsolutePattern('/repo/src/**/*.ts')).toEqual({ dir: path.resolve('/repo/src'), pattern: '/**/*.ts' });
    expect(splitAbsolutePattern('/repo/a.ts')).toEqual({ dir: path.resolve('/repo'), pattern: '/a.ts' });
    expect(splitAbsolutePattern('src/*.ts')).toBeUndefined();
  });
});
