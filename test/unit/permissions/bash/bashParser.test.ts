import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASH_GRAMMAR_WASM, lazyBashParser, loadBashParser, locateBashWasm, TREE_SITTER_WASM } from '../../../../extension/host/node/bashParser';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { bashHarness } from '../../tools/Bash/harness';
import { parser } from './helpers';

describe('bashParser', () => {
  it('finds both wasm files in node_modules when running from source', () => {
    const { runtime, grammar } = locateBashWasm();
    expect(path.basename(runtime)).toBe(TREE_SITTER_WASM);
    expect(path.basename(grammar)).toBe(BASH_GRAMMAR_WASM);
  });

  it('loads from a directory holding both wasm files, as dist/ does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bash-wasm-'));
    const { runtime, grammar } = locateBashWasm();
    copyFileSync(runtime, path.join(dir, TREE_SITTER_WASM));
    copyFileSync(grammar, path.join(dir, BASH_GRAMMAR_WASM));
    const fromDir = await loadBashParser(dir);
    expect(fromDir.parse('ls | wc')?.type).toBe('program');
  });

  it('fails with a message naming the files when the directory lacks them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bash-empty-'));
    await expect(loadBashParser(dir)).rejects.toThrow(/tree-sitter\.wasm, tree-sitter-bash\.wasm\) were not found/);
  });

  it('copies trees into plain nodes with fields and error flags', () => {
    const root = parser.parse('git status > out');
    const stmt = root?.namedChildren[0];
    expect(stmt?.type).toBe('redirected_statement');
    expect(stmt?.childForFieldName('body')?.text).toBe('git status');
    expect(root?.hasError).toBe(false);
    expect(parser.parse('echo $(ls')?.hasError).toBe(true);
  });

  it('refuses commands too long to parse quickly', () => {
    expect(parser.parse(`echo ${'a'.repeat(30_000)}`)).toBeUndefined();
  });
});

describe('lazyBashParser', () => {
  it('loads nothing until asked, and the Bash permission check waits for it instead of asking', async () => {
    const errors: unknown[] = [];
    const lazy = lazyBashParser(undefined, (e) => errors.push(e));
    const bash = createBashTool({ parser: lazy });
    // Before the first check a read-only command is not known to be one (the conservative answer).
    expect(bash.isConcurrencySafe({ command: 'ls' })).toBe(false);
    expect((await bash.checkPermissions({ command: 'ls' }, bashHarness().context)).behavior).toBe('allow');
    expect(bash.isConcurrencySafe({ command: 'ls' })).toBe(true);
    expect(lazy.parse('ls | wc')?.type).toBe('program');
    expect(errors).toEqual([]);
  });

  it('reports a failed load once and leaves every command unparsed', async () => {
    const errors: unknown[] = [];
    const lazy = lazyBashParser(mkdtempSync(path.join(tmpdir(), 'bash-none-')), (e) => errors.push(e));
    await lazy.ready?.();
    await lazy.ready?.();
    expect(lazy.parse('ls')).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/were not found/);
  });
});
