import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerPendingBashTask } from '../../../extension/core/engines/tasks/localBash';
import { readNewTaskOutput, readOutputSince } from '../../../extension/core/engines/tasks/outputPort';
import type { TaskOutputPort } from '../../../extension/core/contracts/tasks';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import { NodeTaskOutput } from '../../../extension/host/node/taskOutput';

function setup(outputOffset = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-task-read-'));
  const outputFile = path.join(dir, 'b1.output');
  writeFileSync(outputFile, '');
  const store = createAppStateStore();
  registerPendingBashTask(store.setState, { id: 'b1', command: 'make', description: 'Build', outputFile, backgroundReason: 'requested', outputOffset });
  return { store, outputFile, access: { getAppState: store.getState, setAppState: store.setState } };
}

describe('core/engines/tasks/outputPort', () => {
  it('reads each part of a task\'s output once, advancing outputOffset', async () => {
    const { store, outputFile, access } = setup();
    const port = new NodeTaskOutput();
    appendFileSync(outputFile, 'compiling\n');
    expect(await readNewTaskOutput(port, access, 'b1')).toEqual({ text: 'compiling\n', skippedBytes: 0, endOffset: 10 });
    expect(store.getState().tasks.b1!.outputOffset).toBe(10);
    expect(await readNewTaskOutput(port, access, 'b1')).toEqual({ text: '', skippedBytes: 0, endOffset: 10 });
    appendFileSync(outputFile, 'done\n');
    expect((await readNewTaskOutput(port, access, 'b1'))?.text).toBe('done\n');
    expect(store.getState().tasks.b1!.outputOffset).toBe(15);
  });

  it('starts after the part already shown (a timed-out foreground command)', async () => {
    const { outputFile, access } = setup(6);
    appendFileSync(outputFile, 'shown new output');
    expect(await readNewTaskOutput(new NodeTaskOutput(), access, 'b1')).toEqual({ text: 'new output', skippedBytes: 0, endOffset: 16 });
  });

  it('keeps the newest whole lines when more was written than one read takes, counting the bytes left out', async () => {
    const { store, outputFile, access } = setup();
    appendFileSync(outputFile, 'first line\nsecond line\nthird\n');
    const read = await readNewTaskOutput(new NodeTaskOutput(), access, 'b1', 14);
    expect(read).toEqual({ text: 'third\n', skippedBytes: 23, endOffset: 29 });
    expect(store.getState().tasks.b1!.outputOffset).toBe(29);
    expect(await readNewTaskOutput(new NodeTaskOutput(), access, 'b1', 14)).toEqual({ text: '', skippedBytes: 0, endOffset: 29 });
  });

  it('drops a character cut in two at the start of a capped read of a line with no break', async () => {
    const { outputFile } = setup();
    appendFileSync(outputFile, 'ééé');
    expect(await readOutputSince(new NodeTaskOutput(), outputFile, 0, 3)).toEqual({ text: 'é', skippedBytes: 4, endOffset: 6 });
  });

  it('writes through setAppStateForTasks when the context has one (a sub-agent)', async () => {
    const { store, outputFile } = setup();
    appendFileSync(outputFile, 'xyz');
    const access = { getAppState: store.getState, setAppState: () => {}, setAppStateForTasks: store.setState };
    expect((await readNewTaskOutput(new NodeTaskOutput(), access, 'b1'))?.text).toBe('xyz');
    expect(store.getState().tasks.b1!.outputOffset).toBe(3);
  });

  it('never moves the offset backwards when an older read lands last', async () => {
    const { store, access } = setup();
    const stale: TaskOutputPort = { read: async (_p, offset) => ({ text: '', nextOffset: offset }), size: async () => 0 };
    store.setState((prev) => ({ ...prev, tasks: { ...prev.tasks, b1: { ...prev.tasks.b1!, outputOffset: 50 } } }));
    const slow: TaskOutputPort = { read: async () => ({ text: 'old', nextOffset: 20 }), size: async () => 20 };
    await readNewTaskOutput(slow, access, 'b1');
    await readNewTaskOutput(stale, access, 'b1');
    expect(store.getState().tasks.b1!.outputOffset).toBe(50);
  });

  it('answers undefined for an unknown task', async () => {
    const { access } = setup();
    expect(await readNewTaskOutput(new NodeTaskOutput(), access, 'bnope')).toBeUndefined();
  });
});
