import { describe, expect, it } from 'vitest';
import { attachBashProcess } from '../../../extension/core/engines/tasks/localBash';
import { formatTaskNotification, takeTaskNotificationMessage, takeTaskNotifications } from '../../../extension/core/engines/tasks/notifications';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { FakeProcess } from './fakeProcess';

const flush = () => new Promise((r) => setTimeout(r, 0));

function finishedTask(store: ReturnType<typeof createAppStateStore>, id: string, code: number, description = 'Run the <unit> tests') {
  const proc = new FakeProcess();
  attachBashProcess(store.setState, { id, command: 'npm test', description, outputFile: `/tmp/${id}.output`, backgroundReason: 'requested' }, proc);
  proc.exit(code);
}

describe('core/engines/tasks/notifications', () => {
  it('formats a <task-notification> with id, status, exit code, output file and summary', async () => {
    const store = createAppStateStore();
    finishedTask(store, 'bdone0001', 1);
    await flush();
    expect(formatTaskNotification(store.getState().tasks['bdone0001']!)).toBe(
      [
        '<task-notification>',
        '<task-id>bdone0001</task-id>',
        '<status>failed</status>',
        '<exit-code>1</exit-code>',
        '<output-file>/tmp/bdone0001.output</output-file>',
        '<summary>Background command "Run the &lt;unit&gt; tests" failed (exit code 1)</summary>',
        '</task-notification>',
        'Read the output file to see what it printed.',
      ].join('\n'),
    );
  });

  it('delivers each finished task once, and nothing for running tasks', async () => {
    const store = createAppStateStore();
    const access = { getAppState: store.getState, setAppState: store.setState };
    finishedTask(store, 'bone00001', 0);
    attachBashProcess(store.setState, { id: 'brun00001', command: 'sleep 9', description: 'sleep', outputFile: '/tmp/x', backgroundReason: 'requested' }, new FakeProcess());
    await flush();
    const first = takeTaskNotifications(access);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('<task-id>bone00001</task-id>');
    expect(first[0]).toContain('<summary>Background command "Run the &lt;unit&gt; tests" completed (exit code 0)</summary>');
    expect(store.getState().tasks['bone00001']!.notified).toBe(true);
    expect(takeTaskNotifications(access)).toEqual([]);
    expect(takeTaskNotificationMessage(access)).toBeUndefined();
  });

  it('marks tasks through setAppStateForTasks when the context has one (sub-agents)', async () => {
    const store = createAppStateStore();
    finishedTask(store, 'bsub00001', 0);
    await flush();
    const message = takeTaskNotificationMessage({ getAppState: store.getState, setAppState: () => {}, setAppStateForTasks: store.setState });
    expect(message?.role).toBe('user');
    expect(message?.content).toEqual([{ type: 'text', text: expect.stringContaining('<task-id>bsub00001</task-id>') }]);
    expect(store.getState().tasks['bsub00001']!.notified).toBe(true);
  });
});
