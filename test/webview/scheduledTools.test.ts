import { describe, expect, it } from 'vitest';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const row = (name: string) => view.page.locator(`section[data-testid="tool"][data-tool="${name}"]`);

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'On it.', 'streaming')), ...events);
}

const done = (text: string) => ({ isError: false, text, truncated: false });

describe('scheduled and watched work tool rows', () => {
  it('titles CronCreate by its schedule and shows the job id and next run when expanded', async () => {
    await open(toolStarted('t1', 'CronCreate', { cron: '*/5 * * * *', prompt: 'Check CI' }));
    await expect.poll(() => row('CronCreate').getAttribute('aria-label')).toBe('Schedule every */5 * * * *');
    await view.send(toolResult('t1', done('Scheduled recurring job c0ffee01 (*/5 * * * *, next run Mon 2025-01-06 10:05 local time).')));
    await expect.poll(() => row('CronCreate').getAttribute('data-status')).toBe('done');
    await row('CronCreate').locator('.tool-header').click();
    await expect.poll(() => row('CronCreate').innerText()).toContain('Scheduled recurring job c0ffee01');
  });

  it('titles a one-shot job, a cancel, the job list and a monitor', async () => {
    await open(
      toolStarted('t1', 'CronCreate', { cron: '30 14 6 1 *', prompt: 'Deploy', recurring: false }),
      toolStarted('t2', 'CronDelete', { id: 'c0ffee01' }),
      toolStarted('t3', 'CronList', {}),
      toolStarted('t4', 'Monitor', { description: 'Errors in the log', timeout_ms: 60000, command: 'tail -f app.log' }),
    );
    await expect.poll(() => row('CronCreate').getAttribute('aria-label')).toBe('Schedule once 30 14 6 1 *');
    await expect.poll(() => row('CronDelete').getAttribute('aria-label')).toBe('Cancel job c0ffee01');
    await expect.poll(() => row('CronList').getAttribute('aria-label')).toBe('Scheduled jobs');
    await expect.poll(() => row('Monitor').getAttribute('aria-label')).toBe('Monitor Errors in the log');
  });
});
