/**
 * The syntax-tree view the Bash analysis reads, and static evaluation of shell words. A word is static
 * when its value is known without running anything: `"rm"`, `r''m`, `\rm` and `$'rm'` all evaluate to
 * `rm`, while `$CMD`, `$(echo rm)` and `r{m,}` do not evaluate (brace and glob expansion are not modelled).
 */

/**
 * Minimal view of a tree-sitter node the analysis reads. host/node/bashParser.ts copies web-tree-sitter's
 * nodes into plain objects of this shape, so the analysis never holds wasm memory.
 */
export interface ShellSyntaxNode {
  type: string;
  text: string;
  startIndex: number;
  endIndex: number;
  isNamed: boolean;
  /** True when this node or any descendant is an ERROR or MISSING node. */
  hasError: boolean;
  children: readonly ShellSyntaxNode[];
  namedChildren: readonly ShellSyntaxNode[];
  childForFieldName(name: string): ShellSyntaxNode | null;
}

/** Parses a Bash command into its syntax tree (tree-sitter-bash). */
export interface ShellParser {
  /** The `program` node, or undefined when the command cannot be parsed at all. */
  parse(command: string): ShellSyntaxNode | undefined;
  /**
   * A parser loaded on first use (the host's, to keep the grammar out of memory until a command needs it)
   * answers `parse` with undefined until this resolves; permission checks await it before deciding.
   * Never rejects: a parser that failed to load keeps answering undefined, and every command asks.
   */
  ready?(): Promise<void>;
}

/** A word of a simple command: its source text and, when it is static, its value after quote removal. */
export interface ShellWord {
  text: string;
  /** undefined when the value depends on expansion (variables, substitutions, braces). */
  value: string | undefined;
  node: ShellSyntaxNode;
}

/** Backslash escapes of an unquoted word: `\x` is `x`, a backslash-newline disappears. */
function unescapeUnquoted(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) return out;
      if (next !== '\n') out += next;
      i++;
      continue;
    }
    // Unquoted braces may be a brace expansion (`r{m,}` runs `rm r`): not static.
    if (c === '{' && /^\{[^}]*(,|\.\.)[^}]*\}/.test(text.slice(i))) return undefined;
    out += c;
  }
  return out;
}

/** Inside double quotes a backslash escapes only `$`, backquote, `"`, `\` and newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

const ANSI_C: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (m, esc: string) => {
    if (/^[xuU]/.test(esc) && esc.length > 1) return String.fromCodePoint(parseInt(esc.slice(1), 16));
    if (/^[0-7]/.test(esc)) return String.fromCharCode(parseInt(esc, 8));
    if (esc[0] === 'c' && esc.length === 2) return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return ANSI_C[esc] ?? m;
  });
}

/** The value of a word node after quote removal, or undefined when it needs expansion to know. */
export function staticValue(node: ShellSyntaxNode): string | undefined {
  switch (node.type) {
    case 'word':
      return unescapeUnquoted(node.text);
    case 'number':
    case 'test_operator':
      return node.text;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'string': {
      let out = '';
      for (const child of node.children) {
        if (child.type === '"') continue;
        if (child.type !== 'string_content') return undefined;
        out += unescapeDoubleQuoted(child.text);
      }
      return out;
    }
    case 'translated_string': {
      const inner = node.namedChildren[0];
      return inner ? staticValue(inner) : '';
    }
    case 'concatenation': {
      // Brace expansion across pieces: `r{m,}` is the words `r`, `{`, `m,`, `}`.
      const unquoted = node.children.map((c) => (c.type === 'word' ? c.text : 'Q')).join('');
      if (/\{[^}]*(,|\.\.)[^}]*\}/.test(unquoted)) return undefined;
      let out = '';
      for (const child of node.children) {
        const v = staticValue(child);
        if (v === undefined) return undefined;
        out += v;
      }
      return out;
    }
    case 'command_name': {
      const inner = node.namedChildren[0];
      return inner ? staticValue(inner) : undefined;
    }
    default:
      return undefined;
  }
}

/** True when an unquoted part of the word has glob characters, so the shell may expand it to other names. */
export function hasUnquotedGlob(node: ShellSyntaxNode): boolean {
  if (node.type === 'word') return /(^|[^\\])[*?[]/.test(node.text);
  if (node.type === 'concatenation' || node.type === 'command_name') return node.children.some(hasUnquotedGlob);
  return node.type === 'extglob_pattern';
}

export function toWord(node: ShellSyntaxNode): ShellWord {
  return { text: node.text, value: staticValue(node), node };
}

/** A word that cannot start with `-` (so cannot be an option) even though its value is not static: `"src/$f"`. */
export function canBeOption(word: ShellWord): boolean {
  if (word.value !== undefined) return word.value.startsWith('-');
  return !/^"?[A-Za-z0-9_./~+@%:,=]/.test(word.text);
}

/** Depth-first visit of every node under `node` (itself included). */
export function walk(node: ShellSyntaxNode, visit: (n: ShellSyntaxNode) => void): void {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

/** True when a node of one of `types` occurs under `node`. */
export function containsType(node: ShellSyntaxNode, types: ReadonlySet<string>): boolean {
  if (types.has(node.type)) return true;
  return node.children.some((c) => containsType(c, types));
}
