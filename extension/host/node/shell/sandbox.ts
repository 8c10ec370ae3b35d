/**
 * The sandbox seam. Claude Code runs commands inside @anthropic-ai/sandbox-runtime (bubblewrap on Linux,
 * Seatbelt on macOS) when a setting asks for it. Codewright does not ship that runtime yet, so this only
 * reports why sandboxing is unavailable; Bash then runs commands unsandboxed and says so when asked.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { SandboxStatus } from '../../../core/shellPort';

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

/** Why commands cannot be sandboxed here (always unavailable until the runtime is integrated). */
export function detectSandbox(platform: NodeJS.Platform = process.platform): SandboxStatus {
  if (platform === 'linux' && !onPath('bwrap')) {
    return { available: false, reason: 'Sandboxing needs bubblewrap (bwrap), which is not installed.' };
  }
  if (platform !== 'linux' && platform !== 'darwin') {
    return { available: false, reason: `Sandboxing is not supported on ${platform}.` };
  }
  return { available: false, reason: 'Codewright does not include @anthropic-ai/sandbox-runtime yet; commands run unsandboxed.' };
}
