/**
 * Killing a command's whole process tree. Commands start detached (their own process group), so one signal
 * to the negative pid reaches the shell, its children and anything they backgrounded.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Linux: true when a process of the group is still running. Zombies do not count: a killed command's
 * orphans are reaped by init, which in some containers takes a second or more, but they are already dead.
 */
function runningMembersLinux(pgid: number): boolean | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

/** True while any process of the group `pgid` is alive (and, on Linux, not just a zombie). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    // ESRCH: gone. EPERM: the pgid was reused by someone else's processes; ours are gone, and we could not signal them.
    return false;
  }
  return process.platform === 'linux' ? (runningMembersLinux(pgid) ?? true) : true;
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
