/**
 * The Bash tool's view of the Bash command analysis (core/permissions/bash): read-only detection for the
 * concurrency and read-only flags, and the permission check. Without a parser the analysis cannot read
 * the command, so nothing counts as read-only and the check asks.
 */
import { homedir } from 'node:os';
import { checkBashPermissions, isReadOnlyBashCommand, type BashEnv, type ShellParser } from '../../core/permissions/bash';
import type { PermissionResult, ToolPermissionContext } from '../../core/permissions/types';

export type { ShellParser };

export function isReadOnlyCommand(parser: ShellParser | undefined, command: string): boolean {
  try {
    return isReadOnlyBashCommand(parser, command);
  } catch {
    return false; // fail closed: a crash in the analysis must not make a command parallel or unprompted
  }
}

export function checkCommandPermissions(
  parser: ShellParser | undefined,
  command: string,
  permissionContext: ToolPermissionContext,
  env: Omit<BashEnv, 'homeDir'>,
  opts: { dangerouslyDisableSandbox?: boolean },
): PermissionResult {
  return checkBashPermissions(parser, command, permissionContext, { ...env, homeDir: homedir() }, opts);
}
