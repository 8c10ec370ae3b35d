/**
 * The wasm half of the Bash parser (./bashParser.ts): web-tree-sitter with the Bash grammar, imported only
 * when the first command is analysed, so its 150 KB of JavaScript stays out of the bundles' startup.
 */
import { Language, Parser, type Node, type TreeCursor } from 'web-tree-sitter';
import type { ShellParser, ShellSyntaxNode } from '../../core/engines/permissions/bash';
import { TREE_SITTER_WASM } from './bashParser';

/** Longer commands are not parsed (and so never run without asking). */
const MAX_COMMAND_LENGTH = 20_000;
/** Parsing stops after this long; the command then counts as unparseable. */
const PARSE_TIMEOUT_MS = 200;

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

let runtimeReady: Promise<void> | undefined;

/** A parser on the two wasm files found by `locateBashWasm`; the runtime is initialised once per process. */
export async function createWasmBashParser(files: { runtime: string; grammar: string }): Promise<ShellParser> {
  runtimeReady ??= Parser.init({ locateFile: (file: string) => (file === TREE_SITTER_WASM ? files.runtime : file) });
  await runtimeReady;
  const language = await Language.load(files.grammar);
  const parser = new Parser();
  parser.setLanguage(language);
  return new WasmBashParser(parser);
}
