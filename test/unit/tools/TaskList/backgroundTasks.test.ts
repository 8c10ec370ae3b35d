import { describe, expect, it } from 'vitest';
import { startAgentTask } from '../../../../extension/core/engines/tasks/localAgent';
import { attachBashProcess } from '../../../../extension/core/engines/tasks/localBash';
import { FakeProcess } from '../../tasks/fakeProcess';
import { WORK_LIST_TOOLS, mainContext, runTool, seed } from '../shared/workList';

/** The work-list tools are deferred: load them as a ToolSearch would have. */
function loaded(context: ReturnType<typeof mainContext>) {
  for (const tool of WORK_LIST_TOOLS) context.discoveredToolNames.add(tool.name);
  return context;
}

describe('tools/TaskList (background tasks)', () => {
  it('lists the background shells and agents with their state after the work list', async () => {
    const context = loaded(mainContext());
    await seed(context, 'Fix');
    const proc = new FakeProcess();
    attachBashProcess(context.setAppState, { id: 'bbuild001', command: 'make', description: 'Build', outputFile: '/tmp/b', backgroundReason: 'requested' }, proc);
    startAgentTask(context.setAppState, { id: 'ateam0001', type: 'in_process_teammate', name: 'tester', description: 'Write the tests', outputFile: '/tmp/a', agentId: 'agent-2', agentType: 'general-purpose', model: 'claude-test' });
    proc.exit(0);
    await expect.poll(() => context.getAppState().tasks.bbuild001?.status).toBe('completed');
    const lines = (await runTool(context, 'TaskList', {})).text.split('\n');
    expect(lines).toEqual([
      '#1 [pending] Fix',
      '',
      'Background tasks (TaskGet with an id shows its output since your last look; TaskStop stops one):',
      expect.stringMatching(/^bbuild001 \[completed\] shell: Build \(exit code 0, \d+s\)$/),
      expect.stringMatching(/^ateam0001 \[running\] teammate: Write the tests \(tester, general-purpose, \d+s\)$/),
    ]);
  });

  it('shows a background task even when the work list is empty', async () => {
    const context = loaded(mainContext());
    attachBashProcess(context.setAppState, { id: 'bwatch001', command: 'tsc -w', description: 'tsc -w', outputFile: '/tmp/w', backgroundReason: 'requested' }, new FakeProcess());
    const { text } = await runTool(context, 'TaskList', {});
    expect(text).toMatch(/^No tasks in the work list\. Create one with TaskCreate\.\n\nBackground tasks .*\nbwatch001 \[running\] shell: tsc -w \(\d+s\)$/);
  });
});
