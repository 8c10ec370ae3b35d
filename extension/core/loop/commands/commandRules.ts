/**
 * A prompt command's `allowed-tools` as the permission context's `command` rules (docs/ARCHITECTURE.md,
 * Permissions): they allow those tools for the turn the command starts (or one `!` line of its expansion)
 * and are dropped after, so a command never widens what later turns may do.
 */
import type { ToolPermissionContext } from '../../contracts/permissions';

/** The context with exactly `rules` as its `command` allow rules (none removes them). */
export function withCommandRules(ctx: ToolPermissionContext, rules: readonly string[]): ToolPermissionContext {
  const allow = { ...ctx.alwaysAllowRules };
  if (rules.length) allow.command = [...rules];
  else delete allow.command;
  return { ...ctx, alwaysAllowRules: allow };
}
