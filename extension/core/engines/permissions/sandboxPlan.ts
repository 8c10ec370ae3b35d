/**
 * Whether one shell command runs inside the OS sandbox (docs/ARCHITECTURE.md, Sandbox), decided in core so
 * the Bash tool's permission check and its run agree:
 * - the `sandbox` setting is off → unsandboxed, through the normal asks;
 * - the command matches `excludedCommands` → unsandboxed, through the normal asks;
 * - `dangerouslyDisableSandbox: true` → unsandboxed, and the Bash check always asks (`sandboxOverride`),
 *   unless `allowUnsandboxedCommands: false`, which ignores the request and keeps the sandbox;
 * - the sandbox cannot run here (bubblewrap missing) → the user must agree to run unsandboxed first;
 * - otherwise sandboxed, and with `autoAllowBashIfSandboxed` its `passthrough` becomes an allow.
 */
import path from 'node:path';
import { bashRuleMatches, normalizeCommandText } from './bash/bashRules';
import type { PermissionResult } from '../../contracts/permissions';
import type { SandboxPolicy, SandboxStatus } from '../../contracts/shell';
import type { SandboxSettings } from '../../contracts/permissions';

export type SandboxPlan =
  | { run: 'sandboxed' }
  | { run: 'unsandboxed'; why: 'disabled' | 'excluded' | 'override' }
  /** The setting asks for the sandbox but it cannot run here: `reason` says why and how to install it. */
  | { run: 'needsConsent'; reason: string };

/** True when `command`, or one of its parts, matches an `excludedCommands` entry (`docker` also matches `docker ps`). */
export function isExcludedCommand(excluded: readonly string[], command: string, parts?: readonly string[]): boolean {
  if (excluded.length === 0) return false;
  // Without the parser's parts a rough split is enough: a wrong match only means the normal asks.
  const candidates = [command, ...(parts ?? command.split(/&&|\|\||[;|\n]/))].map(normalizeCommandText).filter(Boolean);
  return excluded.some((entry) => {
    const plain = !entry.includes('*');
    return candidates.some((c) => bashRuleMatches(entry, c) || (plain && c.startsWith(`${normalizeCommandText(entry)} `)));
  });
}

export function planSandbox(
  settings: SandboxSettings | undefined,
  status: SandboxStatus,
  command: string,
  opts: { dangerouslyDisableSandbox?: boolean; parts?: readonly string[] } = {},
): SandboxPlan {
  if (!settings?.enabled) return { run: 'unsandboxed', why: 'disabled' };
  if (isExcludedCommand(settings.excludedCommands, command, opts.parts)) return { run: 'unsandboxed', why: 'excluded' };
  if (opts.dangerouslyDisableSandbox && settings.allowUnsandboxedCommands) return { run: 'unsandboxed', why: 'override' };
  if (!status.available) return { run: 'needsConsent', reason: status.reason };
  return { run: 'sandboxed' };
}

const AUTO_ALLOW_REASON = { type: 'other', reason: 'runs in the sandbox (sandbox.autoAllowBashIfSandboxed)' } as const;

/**
 * The Bash check's result once the sandbox is taken into account: a command that will run sandboxed under
 * `autoAllowBashIfSandboxed` is allowed where the check only had no rule for it (`passthrough`) or only asked
 * because it writes inside the workspace (concern `workspaceWrite`). A deny, an
 * ask rule and a safety-check ask (protected paths, writes outside the workspace, ...) stay as they are.
 */
export function withSandboxAutoAllow(result: PermissionResult, plan: SandboxPlan, settings: SandboxSettings | undefined): PermissionResult {
  if (plan.run !== 'sandboxed' || !settings?.autoAllowBashIfSandboxed) return result;
  // A write into the workspace (a redirection, tee) is what the sandbox permits anyway; every other
  // safety check (protected paths, outside, warnings) keeps its ask.
  const workspaceWrite = result.behavior === 'ask' && result.decisionReason?.type === 'safetyCheck' && result.decisionReason.concern === 'workspaceWrite';
  if (result.behavior !== 'passthrough' && !workspaceWrite) return result;
  return { behavior: 'allow', decisionReason: AUTO_ALLOW_REASON };
}

/** Files a sandboxed command may never write, even inside an open folder (the library adds .git/hooks, .vscode, shell rc files). */
const PROTECTED_IN_ROOT = ['.claude/settings.json', '.claude/settings.local.json'];

/**
 * What the sandbox lets a command do: write only in the workspace folders (and the folders the user
 * added), the sandbox's temp folder and the settings' `allowWrite`; reach only the allowed domains.
 */
export function sandboxPolicy(settings: SandboxSettings, roots: readonly string[], homeDir: string): SandboxPolicy {
  const allowWrite = [...new Set([...roots, ...settings.filesystem.allowWrite])];
  const denyWrite = [
    ...roots.flatMap((r) => PROTECTED_IN_ROOT.map((p) => path.join(r, p))),
    path.join(homeDir, '.claude', 'settings.json'),
    path.join(homeDir, '.claude', 'settings.local.json'),
    ...settings.filesystem.denyWrite,
  ];
  return {
    allowWrite,
    denyWrite: [...new Set(denyWrite)],
    denyRead: [...settings.filesystem.denyRead],
    allowRead: [...settings.filesystem.allowRead],
    allowedDomains: [...settings.network.allowedDomains],
    deniedDomains: [...settings.network.deniedDomains],
    allowUnixSockets: [...settings.network.allowUnixSockets],
    allowAllUnixSockets: settings.network.allowAllUnixSockets,
    allowLocalBinding: settings.network.allowLocalBinding,
    enableWeakerNestedSandbox: settings.enableWeakerNestedSandbox,
  };
}
