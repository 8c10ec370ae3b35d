import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../extension/protocol/messages';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.getByTestId('task-row');
const row = (type: string) => view.page.locator(`[data-testid="task-row"][data-type="${type}"]`);
const postedAfterReady = async () => (await view.posted()).slice(1);

/** 14:05 local time on a day far ahead: the panel shows it in the page's locale (24 or 12 hour). */
const NEXT_RUN = new Date(2031, 0, 2, 14, 5).getTime();

function tasks(): TaskView[] {
  const now = Date.now();
  return [
    { id: 'b1', type: 'local_bash', description: 'npm run watch', status: 'running', startTime: now - 65_000 },
    { id: 'a1', type: 'local_agent', description: 'Review the diff', status: 'running', startTime: now - 3_000, detail: 'Explore · claude-haiku-4-5 · 1.2k tokens', hasTranscript: true },
    { id: 't1', type: 'in_process_teammate', description: 'tester', status: 'running', startTime: now, hasTranscript: true },
    { id: 'm1', type: 'monitor_mcp', description: 'Watch the log', status: 'running', startTime: now, detail: 'tail -f app.log' },
    { id: 'c1', type: 'cron', description: 'Check the build', status: 'scheduled', startTime: now, nextRunAt: NEXT_RUN, detail: '*/5 * * * *' },
    { id: 'old', type: 'local_bash', description: 'finished long ago', status: 'completed', startTime: now - 60_000, endTime: now - 30_000 },
  ];
}

async function open(list: TaskView[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([], { tasks: list }));
}

describe('webview task panel', () => {
  it('lists every live task with its kind, description, detail, running time or next run', async () => {
    await open(tasks());
    await expect.poll(() => rows().getByTestId('task-kind').allInnerTexts()).toEqual(['Shell', 'Agent', 'Teammate', 'Monitor', 'Cron']);
    await expect.poll(() => row('local_bash').getByTestId('task-timing').innerText()).toMatch(/^Running 1m 0[5-9]s$/);
    await expect.poll(() => row('local_agent').getByTestId('task-detail').innerText()).toBe('Explore · claude-haiku-4-5 · 1.2k tokens');
    await expect.poll(() => row('monitor_mcp').getByTestId('task-detail').innerText()).toBe('tail -f app.log');
    await expect.poll(() => row('cron').getByTestId('task-timing').innerText()).toMatch(/^Next run (?:14:05|0?2:05\s?PM)$/i);
    await expect.poll(() => row('cron').innerText()).toContain('Check the build');
    // Only agents and teammates have a transcript; every live task has Stop.
    await expect.poll(() => view.page.getByTestId('task-transcript').count()).toBe(2);
    await expect.poll(() => view.page.getByTestId('task-stop').count()).toBe(5);
    // The elapsed time ticks.
    await expect.poll(() => row('local_agent').getByTestId('task-timing').innerText(), { timeout: 6_000 }).toMatch(/^Running (?:[5-9]|1\d)s$/);
  });

  it('posts stopTask and openTaskTranscript from the keyboard', async () => {
    await open(tasks().slice(1, 2));
    await row('local_agent').getByTestId('task-transcript').focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'openTaskTranscript', taskId: 'a1' }]);
    await view.page.keyboard.press('Tab');
    await expect.poll(() => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('task-stop');
    await view.page.keyboard.press('Space');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'openTaskTranscript', taskId: 'a1' },
      { type: 'stopTask', taskId: 'a1' },
    ]);
  });

  it('keeps a task that just finished for a few seconds with its final status, then drops it', async () => {
    await open(tasks().slice(1, 2));
    await expect.poll(() => rows().count()).toBe(1);
    const [agent] = tasks().slice(1, 2);
    await view.send({ type: 'tasksChanged', tasks: [{ ...agent!, status: 'killed', endTime: Date.now() }] });
    await expect.poll(() => row('local_agent').getByTestId('task-timing').innerText()).toBe('Stopped');
    await expect.poll(() => row('local_agent').getByTestId('task-stop').count()).toBe(0);
    await expect.poll(() => row('local_agent').getByTestId('task-transcript').count()).toBe(1);
    await expect.poll(() => view.page.getByTestId('task-panel').count(), { timeout: 10_000 }).toBe(0);
  });
});
