/**
 * Loads tree-sitter-bash on web-tree-sitter (both wasm, no native build) and exposes it as the pure
 * `ShellParser` of core/engines/permissions/bash. Trees are copied into plain objects and freed at once, so the
 * analysis never touches wasm memory and nothing leaks.
 *
 * Where the wasm files are found, first hit wins:
 * 1. the directory passed to `loadBashParser(dir)`;
 * 2. next to this module: the esbuild bundles (dist/extension.js, dist/cli.js) get `tree-sitter.wasm` and
 *    `tree-sitter-bash.wasm` copied beside them by scripts/build.mjs;
 * 3. node_modules, via require.resolve (running from source: vitest, tsx).
 *
 * web-tree-sitter itself is in ./bashParserWasm.ts, imported on first use (a lazy chunk in the bundles).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ShellParser } from '../../core/engines/permissions/bash';

export const TREE_SITTER_WASM = 'tree-sitter.wasm';
export const BASH_GRAMMAR_WASM = 'tree-sitter-bash.wasm';

function moduleFile(): string {
  return typeof __filename === 'string' ? __filename : path.join(process.cwd(), 'index.js');
}

/** The two wasm paths, or an error naming where they were looked for. */
export function locateBashWasm(dir?: string): { runtime: string; grammar: string } {
  const dirs = dir !== undefined ? [dir] : [path.dirname(moduleFile())];
  for (const d of dirs) {
    const runtime = path.join(d, TREE_SITTER_WASM);
    const grammar = path.join(d, BASH_GRAMMAR_WASM);
    if (existsSync(runtime) && existsSync(grammar)) return { runtime, grammar };
  }
  if (dir === undefined) {
    try {
      const req = createRequire(moduleFile());
      return { runtime: req.resolve(`web-tree-sitter/${TREE_SITTER_WASM}`), grammar: req.resolve(`tree-sitter-bash/${BASH_GRAMMAR_WASM}`) };
    } catch {
      // fall through to the error below
    }
  }
  throw new Error(`The Bash parser's wasm files (${TREE_SITTER_WASM}, ${BASH_GRAMMAR_WASM}) were not found in ${dirs.join(', ')} or node_modules. Run \`npm run build\` or \`npm install\`.`);
}

const loaded = new Map<string, Promise<ShellParser>>();

/**
 * The Bash parser, loaded once per wasm location. `dir` is a directory holding both wasm files
 * (the VS Code adapter passes `<extension>/dist`); without it they are looked up as described above.
 */
export function loadBashParser(dir?: string): Promise<ShellParser> {
  const key = dir ?? '';
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      // Located here: from its lazy chunk (dist/lazy/) the wasm module would look one folder too deep.
      const files = locateBashWasm(dir);
      return (await import('./bashParserWasm')).createWasmBashParser(files);
    })();
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

/**
 * The Bash parser as a `ShellParser` that loads the grammar on first use (docs/ARCHITECTURE.md, Host memory):
 * tree-sitter's runtime and the Bash grammar cost about 15 MB resident, which a session that never runs a
 * command should not pay. `parse` answers undefined until `ready()` (awaited by the permission check)
 * has loaded it; a failure is reported once through `onError` and leaves every command asking.
 */
export function lazyBashParser(dir: string | undefined, onError: (err: unknown) => void): ShellParser {
  let parser: ShellParser | undefined;
  let loading: Promise<void> | undefined;
  const ready = () =>
    (loading ??= loadBashParser(dir).then(
      (p) => {
        parser = p;
      },
      onError,
    ));
  return {
    ready,
    parse(command) {
      if (parser) return parser.parse(command);
      void ready();
      return undefined;
    },
  };
}
