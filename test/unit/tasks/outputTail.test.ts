import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachBashProcess } from '../../../extension/core/engines/tasks/localBash';
import { takeTaskNotifications } from '../../../extension/core/engines/tasks/notifications';
import { readNewTaskOutput } from '../../../extension/core/engines/tasks/outputPort';
import { NOTIFICATION_TAIL_LINES } from '../../../extension/core/engines/tasks/outputTail';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { NodeTaskOutput } from '../../../extension/host/node/taskOutput';
import { FakeProcess } from './fakeProcess';

const port = new NodeTaskOutput();

/** A background command writing to a real output file, ended by hand; `shown` bytes were already in its Bash result. */
function background(output: string, shown = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-task-tail-'));
  const outputFile = path.join(dir, 'btail0001.output');
  writeFileSync(outputFile, output);
  const store = createAppStateStore();
  const proc = new FakeProcess();
  attachBashProcess(store.setState, { id: 'btail0001', command: 'make', description: 'Build', outputFile, backgroundReason: 'requested', outputOffset: shown }, proc, port);
  const access = { getAppState: store.getState, setAppState: store.setState };
  /** Ends the process and waits until the task has ended (its tail is read first). */
  const end = async (code = 0) => {
    proc.exit(code);
    await expect.poll(() => store.getState().tasks.btail0001?.status).not.toBe('running');
  };
  return { store, access, outputFile, end };
}

describe('core/engines/tasks/outputTail', () => {
  it('puts everything a short run printed in the notification when it ends', async () => {
    const task = background('compiling a.c\nlinking <app>\n');
    await task.end();
    const [notice] = takeTaskNotifications(task.access);
    expect(notice).toContain('<output-tail>\ncompiling a.c\nlinking &lt;app&gt;\n</output-tail>\n</task-notification>');
    expect(notice!.split('\n').at(-1)).toBe('The tail above is everything it printed.');
  });

  it('carries only the last lines of a long run and says how many earlier bytes the file has', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const task = background(`${lines.join('\n')}\n`);
    await task.end(2);
    const [notice] = takeTaskNotifications(task.access);
    const tail = notice!.split('<output-tail>\n')[1]!.split('\n</output-tail>')[0]!;
    expect(tail.split('\n')).toEqual(lines.slice(-NOTIFICATION_TAIL_LINES));
    const skipped = Buffer.byteLength(`${lines.slice(0, 10).join('\n')}\n`);
    expect(notice).toContain(`The tail above is its last 20 lines; ${skipped} earlier bytes are in the output file (Read it to see them).`);
    expect(notice).toContain('<status>failed</status>');
  });

  it('leaves out what the model was already shown (a command moved to the background at its timeout)', async () => {
    const task = background('before\n', 7);
    appendFileSync(task.outputFile, 'after\n');
    await task.end();
    const [notice] = takeTaskNotifications(task.access);
    expect(notice).toContain('<output-tail>\nafter\n</output-tail>');
    expect(notice).not.toContain('before');
    expect(notice).toContain('The tail above is everything it printed since you last read its output.');
  });

  it('says the command printed nothing, with no tail block, when its output is empty', async () => {
    const task = background('');
    await task.end();
    const [notice] = takeTaskNotifications(task.access);
    expect(notice).not.toContain('<output-tail>');
    expect(notice!.split('\n').at(-1)).toBe('It printed nothing.');
  });

  it('moves the read offset past the delivered tail, so the next read of the output has nothing new', async () => {
    const task = background('done\n');
    await task.end();
    takeTaskNotifications(task.access);
    expect(task.store.getState().tasks.btail0001!.outputOffset).toBe(5);
    expect((await readNewTaskOutput(port, task.access, 'btail0001'))?.text).toBe('');
  });

  it('does not repeat output the model read after the end and before the notification went', async () => {
    const task = background('result: ok\n');
    await task.end();
    expect((await readNewTaskOutput(port, task.access, 'btail0001'))?.text).toBe('result: ok\n');
    const [notice] = takeTaskNotifications(task.access);
    expect(notice).not.toContain('<output-tail>');
    expect(notice!.split('\n').at(-1)).toBe('You have already read all of its output.');
  });
});
