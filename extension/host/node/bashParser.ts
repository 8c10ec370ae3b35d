/**
 * Loads tree-sitter-bash on web-tree-sitter (both wasm, no native build) and exposes it as the pure
 * `ShellParser` of core/permissions/bash. Trees are copied into plain objects and freed at once, so the
 * analysis never touches wasm memory and nothing leaks.
 *
 * Where the wasm files are found, first hit wins:
 * 1. the directory passed to `loadBashParser(dir)`;
 * 2. next to this module: the esbuild bundles (dist/extension.js, dist/cli.js) get `tree-sitter.wasm` and
 *    `tree-sitter-bash.wasm` copied beside them by scripts/build.mjs;
 * 3. node_modules, via require.resolve (running from source: vitest, tsx).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type Node, type TreeCursor } from 'web-tree-sitter';
import type { ShellParser, ShellSyntaxNode } from '../../core/permissions/bash';

export const TREE_SITTER_WASM = 'tree-sitter.wasm';
export const BASH_GRAMMAR_WASM = 'tree-sitter-bash.wasm';

/** Longer commands are not parsed (and so never run without asking). */
const MAX_COMMAND_LENGTH = 20_000;
/** Parsing stops after this long; the command then counts as unparseable. */
const PARSE_TIMEOUT_MS = 200;

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

interface PlainNode extends ShellSyntaxNode {
  children: PlainNode[];
  namedChildren: PlainNode[];
}

function copyTree(cursor: TreeCursor): PlainNode {
  const n: Node = cursor.currentNode;
  const fields = new Map<string, PlainNode>();
  const node: PlainNode = {
    type: n.type,
    text: n.text,
    startIndex: n.startIndex,
    endIndex: n.endIndex,
    isNamed: n.isNamed,
    hasError: n.hasError || n.isMissing || n.isError,
    children: [],
    namedChildren: [],
    childForFieldName: (name) => fields.get(name) ?? null,
  };
  if (cursor.gotoFirstChild()) {
    do {
      const field = cursor.currentFieldName;
      const child = copyTree(cursor);
      node.children.push(child);
      if (child.isNamed) node.namedChildren.push(child);
      if (field && !fields.has(field)) fields.set(field, child);
    } while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  return node;
}

class WasmBashParser implements ShellParser {
  constructor(private readonly parser: Parser) {}

  parse(command: string): ShellSyntaxNode | undefined {
    if (command.length > MAX_COMMAND_LENGTH) return undefined;
    const deadline = Date.now() + PARSE_TIMEOUT_MS;
    // Returning true from the progress callback cancels the parse (typed `void` in 0.25's d.ts).
    const progressCallback = (() => Date.now() > deadline) as unknown as () => void;
    const tree = this.parser.parse(command, null, { progressCallback });
    if (!tree) return undefined;
    try {
      const cursor = tree.walk();
      try {
        return copyTree(cursor);
      } finally {
        cursor.delete();
      }
    } finally {
      tree.delete();
    }
  }
}

const loaded = new Map<string, Promise<ShellParser>>();
let runtimeReady: Promise<void> | undefined;

/**
 * The Bash parser, loaded once per wasm location. `dir` is a directory holding both wasm files
 * (the VS Code adapter passes `<extension>/dist`); without it they are looked up as described above.
 */
export function loadBashParser(dir?: string): Promise<ShellParser> {
  const key = dir ?? '';
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      const { runtime, grammar } = locateBashWasm(dir);
      runtimeReady ??= Parser.init({ locateFile: (file: string) => (file === TREE_SITTER_WASM ? runtime : file) });
      await runtimeReady;
      const language = await Language.load(grammar);
      const parser = new Parser();
      parser.setLanguage(language);
      return new WasmBashParser(parser);
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
