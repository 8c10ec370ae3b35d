import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isNotificationDue,
  markTasksNotified,
  TASK_TRANSITIONS,
  transition,
  transitionTask,
} from '../../../extension/core/engines/tasks/lifecycle';
import { attachBashProcess, killBashTask, registerPendingBashTask, type LocalBashTaskState } from '../../../extension/core/engines/tasks/localBash';
import { pendingNotifications, takeTaskNotifications } from '../../../extension/core/engines/tasks/notifications';
import { putTask } from '../../../extension/core/engines/tasks/taskStore';
import { isTerminalTaskStatus, type TaskStateBase, type TaskStatus } from '../../../extension/core/contracts/tasks';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { FakeProcess } from './fakeProcess';

const STATUSES: TaskStatus[] = ['pending', 'running', 'completed', 'failed', 'killed'];
const ALLOWED = new Set(['pending→running', 'pending→failed', 'pending→killed', 'running→completed', 'running→failed', 'running→killed']);
const PAIRS = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

const flush = () => new Promise((r) => setTimeout(r, 0));

function task(id: string, status: TaskStatus): TaskStateBase {
  return { id, type: 'local_bash', status, description: 'x', startTime: 1, outputFile: `/tmp/${id}`, outputOffset: 0, notified: false };
}

const bashStart = (id: string) => ({ id, command: 'sleep 1', description: 'Sleep', outputFile: `/tmp/${id}.output`, backgroundReason: 'requested' as const });

describe('core/engines/tasks/lifecycle', () => {
  it.each(PAIRS)('allows %s → %s only when it is a step of pending → running → completed | failed | killed', (from, to) => {
    const allowed = ALLOWED.has(`${from}→${to}`);
    expect(canTransition(from, to)).toBe(allowed);
    expect(TASK_TRANSITIONS[from].includes(to)).toBe(allowed);
    const moved = transition(task('b1', from), to);
    expect(moved?.status).toBe(allowed ? to : undefined);
  });

  it.each(PAIRS)('transitionTask %s → %s changes the store only when the move is allowed', (from, to) => {
    const store = createAppStateStore();
    putTask(store.setState, task('b1', from));
    const before = store.getState();
    const moved = transitionTask(store.setState, 'b1', to, () => ({ endTime: 5 }));
    expect(moved).toBe(ALLOWED.has(`${from}→${to}`));
    if (moved) expect(store.getState().tasks['b1']).toMatchObject({ status: to, endTime: 5 });
    else expect(store.getState()).toBe(before);
  });

  it('never moves a final status anywhere', () => {
    for (const from of STATUSES.filter(isTerminalTaskStatus)) {
      expect(TASK_TRANSITIONS[from]).toEqual([]);
      for (const to of STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('refuses an unknown id without touching the store', () => {
    const store = createAppStateStore();
    const before = store.getState();
    expect(transitionTask(store.setState, 'bnope', 'running')).toBe(false);
    expect(store.getState()).toBe(before);
  });

  it('keeps a killed task killed when its process then exits 0, and never reports it completed', async () => {
    const store = createAppStateStore();
    const proc = new FakeProcess();
    attachBashProcess(store.setState, bashStart('b2'), proc);
    const statuses: string[] = [];
    store.subscribe((s) => statuses.push(s.tasks['b2']!.status));
    await killBashTask(store.getState().tasks['b2'] as LocalBashTaskState, store.setState);
    proc.exit(0);
    await flush();
    expect(statuses.every((s) => s === 'killed')).toBe(true);
    expect(store.getState().tasks['b2']).toMatchObject({ status: 'killed', notified: true });
    expect(transitionTask(store.setState, 'b2', 'completed')).toBe(false);
    expect(pendingNotifications(store.getState().tasks)).toEqual([]);
    expect(takeTaskNotifications({ getAppState: store.getState, setAppState: store.setState }).join('\n')).not.toContain('completed');
  });

  it('reports a killed task as stopped, not completed, even when a notification is still due for it', () => {
    const store = createAppStateStore();
    putTask(store.setState, { ...task('b3', 'killed'), notified: false });
    const [text] = takeTaskNotifications({ getAppState: store.getState, setAppState: store.setState });
    expect(text).toContain('<status>killed</status>');
    expect(text).toContain('was stopped');
    expect(text).not.toContain('completed');
  });

  it('kills the process instead of starting it when its task was killed while pending', async () => {
    const store = createAppStateStore();
    registerPendingBashTask(store.setState, bashStart('b4'));
    expect(transitionTask(store.setState, 'b4', 'killed')).toBe(true);
    const proc = new FakeProcess();
    attachBashProcess(store.setState, bashStart('b4'), proc);
    await flush();
    expect(proc.killed).toBe(true);
    expect(store.getState().tasks['b4']!.status).toBe('killed');
  });

  it('has a notification due only for a task that ended and was not reported', () => {
    expect(isNotificationDue(task('b', 'running'))).toBe(false);
    expect(isNotificationDue(task('b', 'pending'))).toBe(false);
    expect(isNotificationDue(task('b', 'failed'))).toBe(true);
    expect(isNotificationDue({ ...task('b', 'completed'), notified: true })).toBe(false);
  });

  it('marks only tasks that ended as notified', () => {
    const store = createAppStateStore();
    putTask(store.setState, task('brun', 'running'));
    putTask(store.setState, task('bend', 'completed'));
    markTasksNotified(store.setState, ['brun', 'bend', 'bnone']);
    expect(store.getState().tasks['brun']!.notified).toBe(false);
    expect(store.getState().tasks['bend']!.notified).toBe(true);
  });
});
