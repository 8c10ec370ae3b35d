import { describe, expect, it } from 'vitest';
import {
  attachBashProcess,
  killAllBashTasks,
  killBashTask,
  registerPendingBashTask,
  type LocalBashTaskState,
} from '../../../extension/core/engines/tasks/localBash';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { FakeProcess } from './fakeProcess';

const start = (id: string) => ({
  id,
  command: 'npm run dev',
  description: 'Start the dev server',
  outputFile: `/tmp/${id}.output`,
  backgroundReason: 'requested' as const,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('core/engines/tasks/localBash', () => {
  it('goes pending → running → completed, and drops the process handle when it ends', async () => {
    const store = createAppStateStore();
    const seen: string[] = [];
    store.subscribe((s) => seen.push(s.tasks['b1']?.status ?? 'none'));
    registerPendingBashTask(store.setState, start('b1'));
    const proc = new FakeProcess();
    attachBashProcess(store.setState, start('b1'), proc);
    proc.exit(0);
    await flush();
    expect(seen).toEqual(['pending', 'running', 'completed']);
    const task = store.getState().tasks['b1'] as LocalBashTaskState;
    expect(task).toMatchObject({ type: 'local_bash', exitCode: 0, outputOffset: 0, notified: false });
    expect(task.endTime).toBeGreaterThanOrEqual(task.startTime);
    expect(task.process).toBeUndefined();
  });

  it('turns failed on a non-zero exit', async () => {
    const store = createAppStateStore();
    const proc = new FakeProcess();
    attachBashProcess(store.setState, start('b2'), proc);
    proc.exit(2);
    await flush();
    expect(store.getState().tasks['b2']).toMatchObject({ status: 'failed', exitCode: 2 });
  });

  it('stays killed (not failed) when it is killed, and counts as notified', async () => {
    const store = createAppStateStore();
    const proc = new FakeProcess();
    attachBashProcess(store.setState, start('b3'), proc);
    await killBashTask(store.getState().tasks['b3'] as LocalBashTaskState, store.setState);
    await flush();
    expect(proc.killed).toBe(true);
    expect(store.getState().tasks['b3']).toMatchObject({ status: 'killed', exitCode: 143, notified: true });
  });

  it('kills every running task at shutdown and leaves finished ones alone', async () => {
    const store = createAppStateStore();
    const running = new FakeProcess();
    const finished = new FakeProcess();
    attachBashProcess(store.setState, start('b4'), running);
    attachBashProcess(store.setState, start('b5'), finished);
    finished.exit(0);
    await flush();
    await killAllBashTasks(store.getState().tasks, store.setState);
    expect(running.killed).toBe(true);
    expect(finished.killed).toBe(false);
    expect(store.getState().tasks['b5']!.status).toBe('completed');
  });
});
