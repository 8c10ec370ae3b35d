import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CronScheduler } from '../../../extension/core/engines/cron/scheduler';
import { FileCronJobStore } from '../../../extension/host/node/cronJobStore';
import { FakeClock } from './fakeClock';

const start = new Date(2025, 0, 6, 10, 0).getTime();

describe('FileCronJobStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'codewright-cron-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is empty when the file is missing or not JSON', async () => {
    const file = path.join(dir, 'nested', 'jobs.json');
    expect(await new FileCronJobStore(file).load()).toEqual([]);
    await writeFile(path.join(dir, 'bad.json'), '{ not json');
    expect(await new FileCronJobStore(path.join(dir, 'bad.json')).load()).toEqual([]);
  });

  it('keeps durable jobs across a reload: a fresh scheduler on the same file restores them', async () => {
    const file = path.join(dir, 'scheduled', 'ws.json');
    const first = new CronScheduler({ clock: new FakeClock(start), store: new FileCronJobStore(file) });
    const kept = first.create({ cron: '0 12 * * *', prompt: 'check the build', recurring: true, durable: true });
    first.create({ cron: '0 12 * * *', prompt: 'gone', recurring: true, durable: false });
    await first.flush();
    first.dispose();
    expect(JSON.parse(await readFile(file, 'utf8')).jobs).toHaveLength(1);

    const clock = new FakeClock(start + 60_000);
    const second = new CronScheduler({ clock, store: new FileCronJobStore(file) });
    const fired: string[] = [];
    second.setFireHandler((job) => fired.push(job.prompt));
    await second.restore();
    expect(second.list()).toEqual([kept]);
    clock.advance(2 * 3_600_000);
    expect(fired).toEqual(['check the build']);
  });

  it('skips entries that are not jobs', async () => {
    const file = path.join(dir, 'jobs.json');
    const good = { id: 'a', cron: '* * * * *', prompt: 'p', recurring: true, durable: true, createdAt: 1, nextRunAt: 2 };
    await writeFile(file, JSON.stringify({ jobs: [good, { id: 'b' }, 'x'] }));
    expect(await new FileCronJobStore(file).load()).toEqual([good]);
  });
});
