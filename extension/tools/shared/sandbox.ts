/**
 * The sandbox as the shell tools (Bash, Monitor) see it (docs/ARCHITECTURE.md, Sandbox): the plan for one
 * command from the session's `sandbox` settings and the shell's sandbox status, the spawn options that
 * carry the policy, and the user's agreement to run unsandboxed when the setting is on but the sandbox
 * cannot run here.
 */
import { homedir } from 'node:os';
import { planSandbox, sandboxPolicy, type SandboxPlan } from '../../core/engines/permissions/sandboxPlan';
import type { SandboxPolicy } from '../../core/contracts/shell';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';
import { workingDirectories } from '../../core/contracts/workingDirectory';

/** The plan for `command` in this context (unsandboxed when there is no shell or the setting is off). */
export function sandboxPlanFor(context: ToolUseContext, command: string, opts: { dangerouslyDisableSandbox?: boolean; parts?: readonly string[] } = {}): SandboxPlan {
  const settings = context.getAppState().toolPermissionContext.sandbox;
  if (!settings?.enabled || !context.ports.shell) return { run: 'unsandboxed', why: 'disabled' };
  return planSandbox(settings, context.ports.shell.sandbox(), command, opts);
}

/** What `spawn` needs for the plan: the sandbox's policy (it may write in `workingDirectories`: the workspace folders and the added ones) or nothing. */
export function sandboxSpawnOptions(context: ToolUseContext, plan: SandboxPlan): { sandboxed: boolean; sandboxPolicy?: SandboxPolicy } {
  const settings = context.getAppState().toolPermissionContext.sandbox;
  if (plan.run !== 'sandboxed' || !settings) return { sandboxed: false };
  return { sandboxed: true, sandboxPolicy: sandboxPolicy(settings, workingDirectories(context), homedir()) };
}

/**
 * A command the setting wants sandboxed where the sandbox cannot run: it runs unsandboxed only once the
 * user agreed (the host's `sandboxFallback` port); otherwise the call fails with what to install.
 */
export async function requireUnsandboxedConsent(plan: SandboxPlan, context: ToolUseContext): Promise<void> {
  if (plan.run !== 'needsConsent') return;
  const agreed = (await context.ports.sandboxFallback?.allowUnsandboxed(plan.reason)) === true;
  if (agreed) return;
  throw new ToolError(
    'unavailable',
    `The sandbox setting is on, but commands cannot be sandboxed here: ${plan.reason}\nThe command did not run. Install the sandbox, or let commands run unsandboxed (the user is asked in VS Code; the CLI takes --allow-unsandboxed).`,
  );
}
