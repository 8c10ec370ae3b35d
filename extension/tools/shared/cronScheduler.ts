/** What the three Cron tools share: reaching the window's scheduler, and the refusal where there is none. */
import type { CronJobs } from '../../core/contracts/cron';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { ToolError } from '../../core/contracts/toolErrors';

/** Longest prompt a job may carry. */
export const MAX_PROMPT_CHARS = 10_000;

/** The scheduler, or a ToolError saying why there is none (a headless run ends before any job could fire). */
export function schedulerOf(context: Pick<ToolUseContext, 'ports' | 'options'>): CronJobs {
  const scheduler = context.ports.cron;
  if (scheduler) return scheduler;
  const why = context.options.isNonInteractiveSession
    ? 'this is a headless run, which ends when its prompt is done, so a scheduled job would never fire'
    : 'this host has no scheduler';
  throw new ToolError('unavailable', `Scheduling is not available: ${why}. Do the work now instead (use Bash \`sleep\` for a short wait).`);
}
