/**
 * The sandbox in the editor (docs/ARCHITECTURE.md, Sandbox): when the `sandbox` setting is on but the
 * sandbox cannot run here (bubblewrap missing), a warning with the install command at activation, and a
 * modal before the first command runs unsandboxed; an agreement lasts for the session.
 */
import * as vscode from 'vscode';
import { sessionSandboxFallback } from '../../core/engines/sandbox/fallback';
import type { ToolPermissionContext } from '../../core/contracts/permissions';
import type { SandboxFallbackPort, ShellPort } from '../../core/contracts/shell';

const RUN_UNSANDBOXED = 'Run unsandboxed';

export function createVsCodeSandboxFallback(): SandboxFallbackPort {
  return sessionSandboxFallback(async (reason) => {
    const answer = await vscode.window.showWarningMessage(
      'Codewright: the sandbox setting is on, but Bash commands cannot be sandboxed here.',
      {
        modal: true,
        detail: `${reason}\n\nRun commands without the sandbox for this session? Each command still goes through the usual permission checks.`,
      },
      RUN_UNSANDBOXED,
    );
    return answer === RUN_UNSANDBOXED;
  });
}

/** A non-modal warning with the install command, when the setting asks for a sandbox this machine lacks. */
export function warnIfSandboxUnavailable(permissions: ToolPermissionContext, shell: ShellPort, log: vscode.LogOutputChannel): void {
  if (!permissions.sandbox?.enabled) return;
  const status = shell.sandbox();
  if (status.available) return;
  log.warn(`Sandbox: ${status.reason}`);
  void vscode.window.showWarningMessage(`Codewright: sandbox.enabled is set, but the sandbox cannot run. ${status.reason}`);
}
