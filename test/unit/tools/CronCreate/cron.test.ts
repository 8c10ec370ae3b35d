import { describe, expect, it } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import { CronScheduler } from '../../../../extension/core/engines/cron/scheduler';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { CronCreateTool } from '../../../../extension/tools/CronCreate/CronCreate';
import { CronDeleteTool } from '../../../../extension/tools/CronDelete/CronDelete';
import { CronListTool } from '../../../../extension/tools/CronList/CronList';
import { TaskStopTool } from '../../../../extension/tools/TaskStop/TaskStop';
import { FakeClock, MemoryCronStore } from '../../cron/fakeClock';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

const start = new Date(2025, 0, 6, 10, 0).getTime(); // Monday 10:00 local
const tools = [CronCreateTool, CronDeleteTool, CronListTool, TaskStopTool];

function harness(opts: { cron?: boolean; nonInteractive?: boolean } = {}) {
  const clock = new FakeClock(start);
  const store = new MemoryCronStore();
  let n = 0;
  const scheduler = new CronScheduler({ clock, store, newId: () => `c0ffee0${++n}` });
  const fired: string[] = [];
  scheduler.setFireHandler((job) => fired.push(job.prompt));
  const base = makeContext(tools);
  const context: ToolUseContext = {
    ...base,
    options: { ...base.options, isNonInteractiveSession: opts.nonInteractive === true },
    discoveredToolNames: new Set(tools.map((t) => t.name)),
    ports: { ...base.ports, ...(opts.cron === false ? {} : { cron: scheduler }) },
  };
  async function run(name: string, input: Record<string, unknown>) {
    const block = toolUse(name, input);
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll, emit: () => {} });
    return { isError: outcome.result.is_error === true, text: toolResultText(outcome.result.content) };
  }
  return { clock, store, scheduler, fired, context, run };
}

describe('tools/CronCreate, CronDelete, CronList', () => {
  it('schedules a recurring session job and says its id, next local run and expiry', async () => {
    const h = harness();
    const { text, isError } = await h.run('CronCreate', { cron: '*/15 * * * *', prompt: 'Check the CI status' });
    expect(isError).toBe(false);
    expect(text).toBe(
      'Scheduled recurring job c0ffee01 (*/15 * * * *, next run Mon 2025-01-06 10:15 local time). ' +
        'Session-only: it ends with this conversation. Auto-expires after 7 days. Use CronDelete with id c0ffee01 to cancel it sooner.',
    );
    expect(h.scheduler.list()).toMatchObject([{ id: 'c0ffee01', recurring: true, durable: false, prompt: 'Check the CI status' }]);
    h.clock.advance(31 * 60_000);
    expect(h.fired).toEqual(['Check the CI status', 'Check the CI status']);
  });

  it('schedules a durable one-shot job, saved to the store', async () => {
    const h = harness();
    const { text } = await h.run('CronCreate', { cron: '30 14 6 1 *', prompt: 'Remind me to deploy', recurring: false, durable: true });
    expect(text).toBe(
      'Scheduled one-shot job c0ffee01 (30 14 6 1 *, runs Mon 2025-01-06 14:30 local time). ' +
        'Durable: saved for this workspace, it survives a window reload. It fires once and is then removed.',
    );
    await h.scheduler.flush();
    expect(h.store.saved.map((j) => j.prompt)).toEqual(['Remind me to deploy']);
  });

  it('rejects a bad expression naming the field, before anything is scheduled', async () => {
    const h = harness();
    const { text, isError } = await h.run('CronCreate', { cron: '0 25 * * *', prompt: 'x' });
    expect(isError).toBe(true);
    expect(text).toContain('The hour field "25" has 25, outside 0-23.');
    expect(text).toContain('Write 5 fields: minute hour day-of-month month day-of-week');
    expect(h.scheduler.list()).toEqual([]);
  });

  it('refuses in a headless run, saying nothing would fire after it', async () => {
    const h = harness({ cron: false, nonInteractive: true });
    const { text, isError } = await h.run('CronCreate', { cron: '* * * * *', prompt: 'x' });
    expect(isError).toBe(true);
    expect(text).toContain('Scheduling is not available: this is a headless run, which ends when its prompt is done');
    expect((await h.run('CronList', {})).text).toContain('Scheduling is not available');
  });

  it('lists jobs next-first with kind, local time and prompt, and deletes by id', async () => {
    const h = harness();
    expect((await h.run('CronList', {})).text).toBe('No jobs are scheduled.');
    await h.run('CronCreate', { cron: '0 12 * * *', prompt: 'Lunch report', durable: true });
    await h.run('CronCreate', { cron: '5 10 * * *', prompt: 'First\nthing', recurring: false });
    expect((await h.run('CronList', {})).text).toBe(
      [
        '2 scheduled jobs (times are local):',
        'c0ffee02  5 10 * * *  (one-shot, session-only)  next Mon 2025-01-06 10:05: First thing',
        'c0ffee01  0 12 * * *  (recurring, durable)  next Mon 2025-01-06 12:00: Lunch report',
      ].join('\n'),
    );
    expect((await h.run('CronDelete', { id: 'c0ffee01' })).text).toBe('Cancelled job c0ffee01 (0 12 * * *). It will not fire again.');
    const missing = await h.run('CronDelete', { id: 'c0ffee01' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('No scheduled job has the id c0ffee01. Call CronList');
    expect(h.scheduler.list().map((j) => j.id)).toEqual(['c0ffee02']);
  });

  it('lets TaskStop stop a scheduled job by deleting it', async () => {
    const h = harness();
    await h.run('CronCreate', { cron: '*/5 * * * *', prompt: 'poll' });
    const stopped = await h.run('TaskStop', { task_id: 'c0ffee01' });
    expect(stopped).toEqual({ isError: false, text: 'Deleted scheduled job c0ffee01 (*/5 * * * *).' });
    h.clock.advance(60 * 60_000);
    expect(h.fired).toEqual([]);
  });
});
