/**
 * Whether Bash commands can run in the OS sandbox here (@anthropic-ai/sandbox-runtime: bubblewrap on Linux,
 * Seatbelt on macOS), and when not, a message that says what is missing and the command that installs it.
 * On Linux the runtime needs `bwrap` and `socat` (and `rg` for its scan of protected files); a short real
 * `bwrap` run proves user namespaces work, since a container can have the binary and still refuse it.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxStatus } from '../../../core/contracts/shell';

function onPath(binary: string, envPath = process.env['PATH'] ?? ''): boolean {
  return envPath.split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path.join(dir, binary), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The Linux packages the sandbox needs, by binary. */
const LINUX_PACKAGES: Record<string, string> = { bwrap: 'bubblewrap', socat: 'socat', rg: 'ripgrep' };

/** The distribution family from /etc/os-release (`ID` and `ID_LIKE`), lower case; empty when unknown. */
function distroIds(osRelease?: string): string[] {
  let text = osRelease;
  if (text === undefined) {
    try {
      text = readFileSync('/etc/os-release', 'utf8');
    } catch {
      return [];
    }
  }
  const ids = [...text.matchAll(/^(?:ID|ID_LIKE)=("?)([^"\n]*)\1$/gm)].flatMap((m) => (m[2] ?? '').toLowerCase().split(/\s+/));
  return ids.filter(Boolean);
}

/** The command that installs `packages` on this distribution (both common ones when it is not recognised). */
export function installCommand(packages: readonly string[], osRelease?: string): string {
  const list = packages.join(' ');
  const ids = distroIds(osRelease);
  if (ids.some((id) => ['debian', 'ubuntu'].includes(id))) return `sudo apt-get install ${list}`;
  if (ids.some((id) => ['fedora', 'rhel', 'centos'].includes(id))) return `sudo dnf install ${list}`;
  if (ids.includes('arch')) return `sudo pacman -S ${list}`;
  if (ids.some((id) => ['opensuse', 'suse'].includes(id))) return `sudo zypper install ${list}`;
  return `sudo apt-get install ${list} (Debian/Ubuntu) or sudo dnf install ${list} (Fedora)`;
}

/** Runs `bwrap` once; the error text when it cannot create its namespaces. */
function bwrapProbe(): string | undefined {
  const r = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (r.status === 0) return undefined;
  return (r.stderr || r.error?.message || `exit status ${String(r.status)}`).trim();
}

export interface DetectOptions {
  platform?: NodeJS.Platform;
  /** Which binaries are on PATH (tests pretend some are missing). */
  has?: (binary: string) => boolean;
  /** The text of /etc/os-release (tests). */
  osRelease?: string;
  /** Runs bwrap once and returns why it failed (tests). */
  probe?: () => string | undefined;
}

/** Whether commands can run sandboxed here; when not, `reason` names what is missing and how to install it. */
export function detectSandbox(opts: DetectOptions = {}): SandboxStatus {
  const platform = opts.platform ?? process.platform;
  if (platform === 'darwin') return { available: true };
  if (platform !== 'linux') return { available: false, reason: `The sandbox is not supported on ${platform}; commands would run unsandboxed.` };
  const has = opts.has ?? ((b: string) => onPath(b));
  const missing = Object.keys(LINUX_PACKAGES).filter((b) => !has(b));
  if (missing.length) {
    const packages = missing.map((b) => LINUX_PACKAGES[b]!);
    return {
      available: false,
      reason: `The sandbox needs ${packages.join(', ')}, which ${packages.length > 1 ? 'are' : 'is'} not installed. Install with: ${installCommand(packages, opts.osRelease)}`,
    };
  }
  const failure = (opts.probe ?? bwrapProbe)();
  if (failure) {
    return {
      available: false,
      reason: `bubblewrap is installed but cannot create its sandbox here (${failure.slice(0, 200)}). On Ubuntu 24.04 and later run: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`,
    };
  }
  return { available: true };
}
