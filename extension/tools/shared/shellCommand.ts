/**
 * What the tools that run shell commands (Bash, Monitor) share: the permission check through the Bash
 * command analysis (core/engines/permissions/bash, docs/ARCHITECTURE.md "Bash commands") and the approval
 * dialog's command preview.
 */
import { homedir } from 'node:os';
import { checkBashPermissions, type BashEnv, type ShellParser } from '../../core/engines/permissions/bash';
import type { PermissionResult, ToolPermissionContext } from '../../core/contracts/permissions';
import type { CommandPreview } from '../../core/contracts/toolViews';

/**
 * The Bash analysis' decision on `command`; without a parser it cannot read the command, so it asks. A
 * parser loaded on first use is waited for here, so its loading never turns into a needless prompt.
 */
export async function checkCommandPermissions(
  parser: ShellParser | undefined,
  command: string,
  permissionContext: ToolPermissionContext,
  env: Omit<BashEnv, 'homeDir'>,
  opts: { dangerouslyDisableSandbox?: boolean },
): Promise<PermissionResult> {
  await parser?.ready?.();
  return checkBashPermissions(parser, command, permissionContext, { ...env, homeDir: homedir() }, opts);
}

/** The command the approval dialog shows, with the model's description of it. */
export function commandOf(input: Record<string, unknown>): CommandPreview | undefined {
  if (typeof input.command !== 'string') return undefined;
  return { command: input.command, ...(typeof input.description === 'string' ? { description: input.description } : {}) };
}
