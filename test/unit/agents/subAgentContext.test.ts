import { describe, expect, it } from 'vitest';
import { chainAbort, createSubAgentContext } from '../../../extension/core/loop/subagents/subAgentContext';
import { asAgentId } from '../../../extension/core/base/ids';
import { takeTaskNotifications } from '../../../extension/core/engines/tasks/notifications';
import { putTask, taskSetter } from '../../../extension/core/engines/tasks/taskStore';
import type { TaskStateBase } from '../../../extension/core/contracts/tasks';
import { makeContext } from '../tool/fixtures';

const task = (id: string, status: TaskStateBase['status']): TaskStateBase => ({
  id,
  type: 'local_bash',
  status,
  description: `task ${id}`,
  startTime: 1,
  endTime: 2,
  outputFile: `/tmp/${id}`,
  outputOffset: 0,
  notified: false,
});

function child() {
  const parent = makeContext([]);
  const abort = new AbortController();
  const sub = createSubAgentContext(parent, abort, { agentId: asAgentId('aexplore-0123456789abcdef'), agentType: 'Explore', description: 'look', tools: [], model: 'm', cwd: parent.cwd, permissionMode: 'plan' });
  return { parent, sub, abort };
}

describe('createSubAgentContext', () => {
  it("reports a sub-agent's own background tasks to it, and the parent's to the parent", () => {
    const { parent, sub } = child();
    putTask(taskSetter(sub), task('bsub', 'completed'));
    putTask(taskSetter(parent), task('bparent', 'completed'));
    expect(parent.getAppState().tasks.bsub!.ownerAgentId).toBe('aexplore-0123456789abcdef');
    expect(parent.getAppState().tasks.bparent!.ownerAgentId).toBeUndefined();
    expect(takeTaskNotifications(parent).join()).toContain('<task-id>bparent</task-id>');
    expect(takeTaskNotifications(parent)).toEqual([]);
    const forSub = takeTaskNotifications(sub);
    expect(forSub).toHaveLength(1);
    expect(forSub[0]).toContain('<task-id>bsub</task-id>');
  });

  it("sees the parent's state in its own mode; its setAppState changes nothing", () => {
    const { parent, sub } = child();
    const before = parent.getAppState();
    sub.setAppState((s) => ({ ...s, todos: { x: [] } }));
    expect(parent.getAppState()).toBe(before);
    expect(sub.getAppState().toolPermissionContext.mode).toBe('plan');
    expect(parent.getAppState().toolPermissionContext.mode).toBe('default');
  });

  it('aborts with its parent, never the other way', () => {
    const parentAbort = new AbortController();
    const a = new AbortController();
    chainAbort(parentAbort.signal, a);
    const b = new AbortController();
    const unchain = chainAbort(parentAbort.signal, b);
    b.abort();
    expect(parentAbort.signal.aborted).toBe(false);
    unchain();
    parentAbort.abort();
    expect(a.signal.aborted).toBe(true);
  });
});
