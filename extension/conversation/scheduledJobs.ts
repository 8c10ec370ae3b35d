/**
 * Scheduled jobs and monitors in the chat's task list: cron jobs are not AppState tasks (they live in the
 * window's CronScheduler), so their views are made here and merged after the tasks; a monitor's view names
 * its command. See docs/ARCHITECTURE.md, "Scheduled and watched work".
 */
import { promptLine } from '../core/engines/cron/describe';
import type { CronJob } from '../core/contracts/cron';
import { isMonitorTask } from '../core/engines/tasks/monitor';
import type { TaskStateBase } from '../core/contracts/tasks';
import type { TaskView } from '../protocol/messages';

/** What a scheduled job shows in the task panel: type `cron`, the expression as detail, its next run. */
export function cronTaskView(job: CronJob): TaskView {
  return {
    id: job.id,
    description: promptLine(job.prompt, 200),
    status: 'scheduled',
    type: 'cron',
    startTime: job.createdAt,
    detail: job.cron,
    nextRunAt: job.nextRunAt,
  };
}

export function cronTaskViews(jobs: readonly CronJob[]): TaskView[] {
  return jobs.map(cronTaskView);
}

/** The extra view fields of a task this area owns (a monitor: its type and command), else none. */
export function watchedTaskFields(task: TaskStateBase): Partial<TaskView> {
  // A monitor's state from an older build may lack its command: then it shows without one.
  return isMonitorTask(task) && typeof task.command === 'string' ? { type: task.type, detail: promptLine(task.command, 500) } : {};
}
