/** How jobs are written for the model and the task panel: local times and one-line summaries. */
import type { CronJob } from '../../contracts/cron';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `Mon 2025-01-06 10:15` in the machine's local time (no locale: the same text everywhere). */
export function formatLocalTime(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getDay()]} ${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The prompt on one line, cut to `max` characters. */
export function promptLine(prompt: string, max = 80): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `recurring, durable` / `one-shot, session-only`. */
export function jobKind(job: Pick<CronJob, 'recurring' | 'durable'>): string {
  return `${job.recurring ? 'recurring' : 'one-shot'}, ${job.durable ? 'durable' : 'session-only'}`;
}

/** How long `ms` is, in days or hours, for "auto-expires after 7 days". */
export function spanText(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
}
