/**
 * Bash command analysis for the permission system (docs/ARCHITECTURE.md, Permissions: Bash commands): parse with tree-sitter-bash, split into
 * simple commands, decide read-only / dangerous / matched by rules. Pure: the parser comes in through
 * `ShellParser` (host/node/bashParser.ts loads the wasm).
 *
 * - `isReadOnlyBashCommand(parser, command, env?)` — the Bash tool's `isReadOnly`.
 * - `checkBashPermissions(parser, command, context, env, opts?)` — the Bash tool's `checkPermissions`.
 * - `bashWarnings(parser, command, env?)` — the sentences the permission dialog shows.
 * - `analyzeBashCommand`, `splitCommand` — the analysis itself, for tests and tooling.
 */
import { parseCommand } from './analyze';
import { splitParsedCommand, type SimpleCommand } from './split';
import type { ShellParser } from './syntax';

export type { ShellParser, ShellSyntaxNode, ShellWord } from './syntax';
export type { BashEnv } from './paths';
export type { ShellAssignment, ShellRedirect, SimpleCommand, SimpleCommandKind, SplitCommand } from './split';
export { analyzeBashCommand, bashWarnings, isReadOnlyBashCommand, UNPARSEABLE_REASON, type BashAnalysis, type BashPartAnalysis } from './analyze';
export { checkBashPermissions } from './check';
export { bashRuleMatches, findMatchingRule, ruleCandidates, suggestRuleContent } from './bashRules';
export { isReadOnlySimpleCommand } from './readOnly';
export { unwrapCommand, type Unwrapped } from './unwrap';

/** The source text of each simple command of `command`, in source order; undefined when it does not parse. */
export function splitCommand(parser: ShellParser | undefined, command: string): string[] | undefined {
  return splitSimpleCommands(parser, command)?.map((c) => c.text);
}

/** The simple commands of `command`; undefined when it does not parse. */
export function splitSimpleCommands(parser: ShellParser | undefined, command: string): SimpleCommand[] | undefined {
  const root = parseCommand(parser, command);
  return root ? splitParsedCommand(root).commands : undefined;
}
