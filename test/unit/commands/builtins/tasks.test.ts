import { describe, expect, it } from 'vitest';
import { tasksCommand } from '../../../../extension/core/loop/commands/builtins/tasks';
import { startAgentTask } from '../../../../extension/core/engines/tasks/localAgent';
import { attachBashProcess } from '../../../../extension/core/engines/tasks/localBash';
import { commandContext } from '../fakeHost';
import { FakeProcess } from '../../tasks/fakeProcess';

async function tasksText(context = commandContext()): Promise<string> {
  const result = await tasksCommand().call('', context);
  if (result.type !== 'text') throw new Error(`expected text, got ${result.type}`);
  return result.value;
}

describe('core/loop/commands/builtins/tasks', () => {
  it('says there are no background tasks when the session has none', async () => {
    expect(await tasksText()).toBe('No background tasks in this session. Bash with run_in_background, a background Agent or Monitor starts one.');
  });

  it('lists background shells and agents with their state, running and ended', async () => {
    const context = commandContext();
    const running = new FakeProcess();
    attachBashProcess(context.setAppState, { id: 'bserve001', command: 'npm run serve', description: 'Dev server', outputFile: '/tmp/s', backgroundReason: 'requested' }, running);
    const failed = new FakeProcess();
    attachBashProcess(context.setAppState, { id: 'btest0001', command: 'npm test', description: 'npm test', outputFile: '/tmp/t', backgroundReason: 'timeout' }, failed);
    failed.exit(1);
    startAgentTask(context.setAppState, { id: 'aexplore1', type: 'local_agent', description: 'Map the parser', outputFile: '/tmp/a', agentId: 'agent-1', agentType: 'Explore', model: 'claude-test' });
    await expect.poll(() => context.getAppState().tasks.btest0001?.status).toBe('failed');
    const lines = (await tasksText(context)).split('\n');
    expect(lines[0]).toBe('Background tasks:');
    expect(lines.filter((l) => l.startsWith('- '))).toEqual([
      expect.stringMatching(/^- bserve001 \[running\] shell: Dev server \(\d+s\)$/),
      expect.stringMatching(/^- btest0001 \[failed\] shell: npm test \(exit code 1, \d+s\)$/),
      expect.stringMatching(/^- aexplore1 \[running\] agent: Map the parser \(Explore, \d+s\)$/),
    ]);
  });

  it('runs headless, so the CLI prints it', () => {
    expect(tasksCommand().supportsNonInteractive).toBe(true);
  });
});
