/**
 * The seam between the Bash tool and the Bash command analysis (core/permissions/bash). Until that module
 * exports its checks, this falls back to the conservative answer: nothing is read-only, and every command
 * is left to the general permission rules (which ask).
 */
import type { PermissionResult, ToolPermissionContext } from '../../core/permissions/types';
import type { ShellParser } from '../../core/permissions/bash/syntax';

export type { ShellParser };

/** Where a command would run, for checks that look at paths (`cd ..`, redirections). */
export interface BashCommandEnv {
  cwd: string;
  workspaceRoots: readonly string[];
}

export function isReadOnlyCommand(_parser: ShellParser | undefined, _command: string): boolean {
  return false;
}

export async function checkCommandPermissions(
  _parser: ShellParser | undefined,
  command: string,
  _permissionContext: ToolPermissionContext,
  _env: BashCommandEnv,
  _opts: { dangerouslyDisableSandbox?: boolean },
): Promise<PermissionResult> {
  return { behavior: 'passthrough', message: `Codewright wants to run: ${command}` };
}
