/**
 * Telling the model that the sandbox, not the command, made a sandboxed run fail (docs/ARCHITECTURE.md,
 * Sandbox): the output is scanned for what a blocked write or a blocked connection prints (EPERM, EACCES,
 * "Read-only file system", the proxy's "blocked by network allowlist", refused connections, failed name
 * lookups), and the violations the runtime recorded for the command are taken as they are.
 */

const FILE_PATTERNS = [/Read-only file system/i, /Operation not permitted/i, /Permission denied/i, /\bE(?:PERM|ACCES|ROFS)\b/];
const NETWORK_PATTERNS = [
  /blocked by network allowlist/i,
  /blocked-by-sandbox-runtime/i,
  /Could not resolve (?:host|proxy)/i,
  /Temporary failure in name resolution/i,
  /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH)\b/,
  /Couldn't connect to server|Connection refused|Network is unreachable/i,
  /\b403 Forbidden\b/,
];
/** Phrases only the sandbox produces: noted even when the command's exit status hides the failure. */
const SANDBOX_ONLY = [/Read-only file system/i, /blocked by network allowlist/i, /blocked-by-sandbox-runtime/i];

export interface SandboxFailure {
  kind: 'filesystem' | 'network';
  /** The output line (or recorded violation) that shows it. */
  evidence: string;
}

function firstMatch(lines: readonly string[], patterns: readonly RegExp[]): string | undefined {
  return lines.find((l) => patterns.some((p) => p.test(l)));
}

/** What in a sandboxed run's output (and the runtime's violations) shows the sandbox blocked it, if anything. */
export function detectSandboxFailure(output: string, exitCode: number, violations: readonly string[] = []): SandboxFailure | undefined {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  const violation = violations.find((v) => v.trim());
  if (violation) return { kind: /network|connect|domain/i.test(violation) ? 'network' : 'filesystem', evidence: violation.trim() };
  const strong = firstMatch(lines, SANDBOX_ONLY);
  if (strong) return { kind: /file system/i.test(strong) ? 'filesystem' : 'network', evidence: strong };
  if (exitCode === 0) return undefined;
  const file = firstMatch(lines, FILE_PATTERNS);
  if (file) return { kind: 'filesystem', evidence: file };
  const net = firstMatch(lines, NETWORK_PATTERNS);
  return net ? { kind: 'network', evidence: net } : undefined;
}

/** The note appended to the result: what was blocked, what the sandbox allows, and how to get out. */
export function sandboxFailureNote(failure: SandboxFailure, opts: { overrideAllowed: boolean }): string {
  const what =
    failure.kind === 'filesystem'
      ? 'a file write (sandboxed commands may write only in the workspace folders and the sandbox temp folder $TMPDIR)'
      : 'a network connection (sandboxed commands reach only the domains in sandbox.network.allowedDomains)';
  const retry = opts.overrideAllowed
    ? 'If the command must run outside the sandbox, retry it with dangerouslyDisableSandbox: true (the user will be asked).'
    : 'Running outside the sandbox is turned off (sandbox.allowUnsandboxedCommands: false); ask the user to allow what it needs in the sandbox settings.';
  return `The sandbox probably blocked ${what}: ${failure.evidence.slice(0, 200)}\n${retry}`;
}
