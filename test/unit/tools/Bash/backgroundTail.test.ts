import { afterEach, describe, expect, it } from 'vitest';
import { takeTaskNotifications } from '../../../../extension/core/engines/tasks/notifications';
import { NodeTaskOutput } from '../../../../extension/host/node/taskOutput';
import { bashHarness, type BashHarness } from './harness';

describe('tools/Bash (a background command’s notification)', () => {
  let h: BashHarness | undefined;
  afterEach(async () => h?.shell.dispose());

  it('carries the end of what a background command printed', async () => {
    h = bashHarness();
    h.context.ports.taskOutput = new NodeTaskOutput();
    const { text } = await h.run('Bash', { command: 'echo compiling; echo "done <ok>"', run_in_background: true });
    const id = /with ID: (\w+)/.exec(text)![1]!;
    const context = h.context;
    await expect.poll(() => context.getAppState().tasks[id]?.status, { timeout: 10_000 }).toBe('completed');
    const [notice] = takeTaskNotifications(context);
    expect(notice).toContain('<output-tail>\ncompiling\ndone &lt;ok&gt;\n</output-tail>');
    expect(notice).toContain('The tail above is everything it printed.');
  });
});
