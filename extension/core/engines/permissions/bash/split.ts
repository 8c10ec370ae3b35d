/**
 * Splitting a parsed command into the simple commands it runs. Every simple command anywhere in the tree
 * is a part: pipeline stages, list members (`&&`, `||`, `;`, `&`), subshells, `{ ..; }` groups, if / for /
 * while / case bodies, function bodies, and the commands inside `$(..)`, backticks, `<(..)` / `>(..)` and
 * unquoted heredoc bodies. Redirections are collected separately, wherever they occur.
 */
import { toWord, walk, type ShellSyntaxNode, type ShellWord } from './syntax';

/**
 * - `command`: a name and arguments (`FOO=1 git status`).
 * - `declaration`: `export` / `declare` / `local` / `readonly` / `typeset` / `unset`.
 * - `assignment`: a statement that only assigns (`FOO=1`, `a=1 b=2`).
 * - `test`: `[[ .. ]]` / `[ .. ]` parsed as a test expression.
 * - `arithmetic`: `(( .. ))`.
 */
export type SimpleCommandKind = 'command' | 'declaration' | 'assignment' | 'test' | 'arithmetic';

/** `NAME=value` in front of a command or as a statement. */
export interface ShellAssignment {
  name: string;
  /** The value's source text (may contain expansions). */
  valueText: string;
  /** The value after quote removal, when static. */
  value: string | undefined;
}

/** One simple command of a compound command line. */
export interface SimpleCommand {
  kind: SimpleCommandKind;
  /** Source text of the part, as the user sees it (the key of `subcommandResults`). */
  text: string;
  node: ShellSyntaxNode;
  /** Leading assignments (`FOO=1 cmd`), or all assignments of an `assignment`/`declaration` part. */
  assignments: ShellAssignment[];
  /** The command name and its arguments (`command`), or the keyword and its arguments (`declaration`). */
  words: ShellWord[];
}

/** A redirection such as `> out.txt`, `2>&1` or `&>> log`. */
export interface ShellRedirect {
  /** `>`, `>>`, `&>`, `&>>`, `>|`, `<>`, `>&`, `<`, `<&`, ... */
  operator: string;
  /** The file descriptor written before the operator (`2` in `2>&1`), if any. */
  fd?: string;
  target?: ShellWord;
  text: string;
  node: ShellSyntaxNode;
}

export interface SplitCommand {
  commands: SimpleCommand[];
  redirects: ShellRedirect[];
  /** Each pipeline's stages, each stage being the simple commands inside it (nested ones included). */
  pipelines: SimpleCommand[][][];
}

function assignmentOf(node: ShellSyntaxNode): ShellAssignment {
  const name = node.childForFieldName('name')?.text ?? node.text.split('=')[0] ?? '';
  const valueNode = node.childForFieldName('value');
  return {
    name,
    valueText: valueNode?.text ?? '',
    value: valueNode ? toWord(valueNode).value : '',
  };
}

const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

function fromCommand(node: ShellSyntaxNode): SimpleCommand {
  const assignments: ShellAssignment[] = [];
  const words: ShellWord[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') assignments.push(assignmentOf(child));
    else if (child.type === 'comment' || REDIRECT_TYPES.has(child.type)) continue;
    else words.push(toWord(child));
  }
  return { kind: 'command', text: node.text, node, assignments, words };
}

function fromDeclaration(node: ShellSyntaxNode): SimpleCommand {
  const keyword = node.children[0];
  const words: ShellWord[] = keyword ? [{ text: keyword.text, value: keyword.text, node: keyword }] : [];
  const assignments: ShellAssignment[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') assignments.push(assignmentOf(child));
    words.push(toWord(child));
  }
  return { kind: 'declaration', text: node.text, node, assignments, words };
}

function part(kind: SimpleCommandKind, node: ShellSyntaxNode, assignments: ShellAssignment[] = []): SimpleCommand {
  return { kind, text: node.text, node, assignments, words: [] };
}

/** Visits every child; of assignments (already part of the emitted part) only the values, which may hold substitutions. */
function visitChildren(node: ShellSyntaxNode, out: SimpleCommand[], assignmentsEmitted: boolean): void {
  for (const child of node.children) {
    if (assignmentsEmitted && child.type === 'variable_assignment') {
      const value = child.childForFieldName('value');
      if (value) visit(value, out);
    } else {
      visit(child, out);
    }
  }
}

function visit(node: ShellSyntaxNode, out: SimpleCommand[]): void {
  switch (node.type) {
    case 'command':
      out.push(fromCommand(node));
      return visitChildren(node, out, true);
    case 'declaration_command':
    case 'unset_command':
      out.push(fromDeclaration(node));
      return visitChildren(node, out, true);
    case 'variable_assignment': {
      out.push(part('assignment', node, [assignmentOf(node)]));
      const value = node.childForFieldName('value');
      if (value) visit(value, out);
      return;
    }
    case 'variable_assignments':
      out.push(part('assignment', node, node.namedChildren.filter((c) => c.type === 'variable_assignment').map(assignmentOf)));
      return visitChildren(node, out, true);
    case 'test_command':
      out.push(part('test', node));
      break;
    case 'compound_statement':
      if (node.children[0]?.type === '((') out.push(part('arithmetic', node));
      break;
  }
  visitChildren(node, out, false);
}

function redirectOf(node: ShellSyntaxNode): ShellRedirect {
  const fdNode = node.children.find((c) => c.type === 'file_descriptor');
  const operator = node.children.find((c) => !c.isNamed)?.text ?? '';
  const target = node.childForFieldName('destination');
  return {
    operator,
    ...(fdNode ? { fd: fdNode.text } : {}),
    ...(target ? { target: toWord(target) } : {}),
    text: node.text,
    node,
  };
}

function within(inner: ShellSyntaxNode, outer: ShellSyntaxNode): boolean {
  return inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;
}

/** Splits a parsed `program` into its simple commands (in source order), redirections and pipelines. */
export function splitParsedCommand(root: ShellSyntaxNode): SplitCommand {
  const commands: SimpleCommand[] = [];
  visit(root, commands);
  const redirects: ShellRedirect[] = [];
  const pipelines: SimpleCommand[][][] = [];
  walk(root, (n) => {
    if (n.type === 'file_redirect') redirects.push(redirectOf(n));
    if (n.type === 'pipeline') {
      pipelines.push(n.namedChildren.filter((s) => s.type !== 'comment').map((stage) => commands.filter((c) => within(c.node, stage))));
    }
  });
  return { commands, redirects, pipelines };
}
