/**
 * Killing a command's whole process tree. Commands start detached (their own process group), so one signal
 * to the negative pid reaches the shell, its children and anything they backgrounded.
 */

/** True while any process of the group `pgid` is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: the pgid was reused by someone else's processes; ours are gone, and we could not signal them.
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM to the group, then SIGKILL if anything is still alive after `graceMs`. Resolves once the group is
 * gone (or, for a process that ignores even SIGKILL — a zombie awaiting its parent — after one more grace).
 */
export async function killProcessGroup(pgid: number, graceMs: number): Promise<void> {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await delay(Math.min(25, graceMs));
    if (!groupAlive(pgid)) return;
  }
  signalGroup(pgid, 'SIGKILL');
  const hardDeadline = Date.now() + Math.max(graceMs, 500);
  while (groupAlive(pgid) && Date.now() < hardDeadline) await delay(25);
}
