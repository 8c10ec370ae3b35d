/**
 * The one @anthropic-ai/sandbox-runtime of this process (the library keeps a single SandboxManager: its
 * network proxies live here, in the host). A command is wrapped in a `bwrap` (Linux) or `sandbox-exec`
 * (macOS) invocation whose policy is the `SandboxPolicy` the Bash tool built from the settings; the
 * manager is (re)configured when the policy changes. Wraps are serialized, so a reconfiguration never
 * lands between another command's configure and wrap.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SandboxManager as Manager, SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import type { SandboxPolicy } from '../../../core/contracts/shell';

/** The temp folder the runtime opens for writing and points TMPDIR at inside the sandbox. */
export const SANDBOX_TMPDIR = process.env['CLAUDE_CODE_TMPDIR'] ?? '/tmp/claude';

/** A policy with no extra permissions: writes only in `cwd`, no network. */
export function minimalSandboxPolicy(cwd: string): SandboxPolicy {
  return {
    allowWrite: [cwd],
    denyWrite: [],
    denyRead: [],
    allowRead: [],
    allowedDomains: [],
    deniedDomains: [],
    allowUnixSockets: [],
    allowAllUnixSockets: false,
    allowLocalBinding: false,
    enableWeakerNestedSandbox: false,
  };
}

/** What the runtime protects in its own working directory, by name (its DANGEROUS_FILES and directories). */
const PROTECTED_NAMES = ['.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile', '.ripgreprc', '.mcp.json', '.vscode', '.idea', '.claude/commands', '.claude/agents'];

/**
 * The runtime finds the files to protect from this process's working directory (`process.cwd()`), which
 * in VS Code is not the workspace; so every folder opened for writing gets the same list here. A
 * repository's hooks and config only where there is a `.git` folder: a read-only stand-in for a missing
 * one would stop `git init`.
 */
export function protectedPathsIn(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    const own = PROTECTED_NAMES.map((name) => path.join(root, name));
    let repo = false;
    try {
      repo = statSync(path.join(root, '.git')).isDirectory();
    } catch {
      // Not a repository.
    }
    return repo ? [...own, path.join(root, '.git', 'hooks'), path.join(root, '.git', 'config')] : own;
  });
}

function runtimeConfig(p: SandboxPolicy): SandboxRuntimeConfig {
  return {
    network: {
      allowedDomains: [...p.allowedDomains],
      deniedDomains: [...p.deniedDomains],
      // Only what the settings allow: no ask callback, so nothing is asked for at connection time.
      strictAllowlist: true,
      ...(p.allowUnixSockets.length ? { allowUnixSockets: [...p.allowUnixSockets] } : {}),
      ...(p.allowAllUnixSockets ? { allowAllUnixSockets: true } : {}),
      ...(p.allowLocalBinding ? { allowLocalBinding: true } : {}),
    },
    filesystem: {
      denyRead: [...p.denyRead],
      allowRead: [...p.allowRead],
      allowWrite: [...p.allowWrite],
      denyWrite: [...new Set([...p.denyWrite, ...protectedPathsIn(p.allowWrite)])],
    },
    ...(p.enableWeakerNestedSandbox ? { enableWeakerNestedSandbox: true } : {}),
  } as SandboxRuntimeConfig;
}

export interface WrappedCommand {
  /** The shell text that runs the command inside the sandbox (for `bash -c`). */
  text: string;
  /** The key the runtime records this command's violations under. */
  id: string;
}

/**
 * The runtime (its proxies, node-forge for their certificates, its zod schemas: several MB resident) loads
 * on the first sandboxed command, not with the shell (docs/ARCHITECTURE.md, Host memory).
 */
let manager: typeof Manager | undefined;
async function loadManager(): Promise<typeof Manager> {
  manager ??= (await import('@anthropic-ai/sandbox-runtime')).SandboxManager;
  return manager;
}

class SandboxRuntime {
  private configKey: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** Wraps `command` (a bash script) to run under `policy`. Rejects when the runtime cannot start. */
  wrap(command: string, policy: SandboxPolicy): Promise<WrappedCommand> {
    const next = this.queue.then(() => this.wrapNow(command, policy));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async wrapNow(command: string, policy: SandboxPolicy): Promise<WrappedCommand> {
    const config = runtimeConfig(policy);
    const key = JSON.stringify(config);
    const SandboxManager = await loadManager();
    if (this.configKey === undefined) {
      await SandboxManager.initialize(config);
      this.configKey = key;
    } else if (key !== this.configKey) {
      SandboxManager.updateConfig(config);
      this.configKey = key;
    }
    // The runtime's temp folder ($TMPDIR inside the sandbox) is writable only if it exists when the command is wrapped.
    mkdirSync(SANDBOX_TMPDIR, { recursive: true });
    const id = randomBytes(16).toString('base64url');
    const text = await SandboxManager.wrapWithSandbox(command, 'bash', undefined, undefined, { commandId: id });
    return { text, id };
  }

  /** What the runtime recorded blocking for the command `id` (one line each), then the per-command cleanup. */
  finish(id: string): string[] {
    // Only called for a command wrap() wrapped, so the runtime is loaded.
    if (!manager) return [];
    const lines = manager.getSandboxViolationStore()
      .getViolationsForCommand(id)
      .map((v) => v.line);
    manager.cleanupAfterCommand();
    return lines;
  }

  /** Stops the proxies (the next wrap starts them again). */
  async reset(): Promise<void> {
    await this.queue;
    if (this.configKey === undefined) return;
    this.configKey = undefined;
    await (await loadManager()).reset();
  }
}

export const sandboxRuntime = new SandboxRuntime();
