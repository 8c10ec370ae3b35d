/**
 * The Bash tool's view of the Bash command analysis (core/engines/permissions/bash): read-only detection for the
 * concurrency and read-only flags, and the permission check. Without a parser the analysis cannot read
 * the command, so nothing counts as read-only and the check asks.
 */
import { isReadOnlyBashCommand, type ShellParser } from '../../core/engines/permissions/bash';

export type { ShellParser };

export function isReadOnlyCommand(parser: ShellParser | undefined, command: string): boolean {
  try {
    return isReadOnlyBashCommand(parser, command);
  } catch {
    return false; // fail closed: a crash in the analysis must not make a command parallel or unprompted
  }
}

/** Moved to tools/shared/shellCommand.ts: Monitor checks its commands the same way. */
export { checkCommandPermissions } from '../shared/shellCommand';
