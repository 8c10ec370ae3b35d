import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachBashProcess } from '../../../../extension/core/engines/tasks/localBash';
import { TASK_OUTPUT_READ_BYTES } from '../../../../extension/core/engines/tasks/outputPort';
import { TaskGetTool } from '../../../../extension/tools/TaskGet/TaskGet';
import { NodeTaskOutput } from '../../../../extension/host/node/taskOutput';
import { FakeProcess } from '../../tasks/fakeProcess';
import { WORK_LIST_TOOLS, mainContext, runTool, subAgentContext } from '../shared/workList';

/** A main context with a background command `bserve001` writing to a real output file. */
function withBackgroundCommand() {
  const context = loaded(mainContext());
  context.ports.taskOutput = new NodeTaskOutput();
  const outputFile = path.join(mkdtempSync(path.join(tmpdir(), 'cw-taskget-')), 'bserve001.output');
  writeFileSync(outputFile, '');
  const proc = new FakeProcess();
  attachBashProcess(context.setAppState, { id: 'bserve001', command: 'npm run serve', description: 'Dev server', outputFile, backgroundReason: 'requested' }, proc, context.ports.taskOutput);
  return { context, outputFile, proc };
}

const get = async (context: ReturnType<typeof mainContext>) => (await runTool(context, 'TaskGet', { taskId: 'bserve001' })).text;

/** The work-list tools are deferred: load them as a ToolSearch would have. */
function loaded(context: ReturnType<typeof mainContext>) {
  for (const tool of WORK_LIST_TOOLS) context.discoveredToolNames.add(tool.name);
  return context;
}

describe('tools/TaskGet (background tasks)', () => {
  it('shows a background command with its state and only the output printed since the last look', async () => {
    const { context, outputFile } = withBackgroundCommand();
    appendFileSync(outputFile, 'listening on :3000\n');
    const first = await get(context);
    expect(first.split('\n').slice(0, 4)).toEqual([
      'Background task bserve001 (shell): Dev server',
      expect.stringMatching(/^Status: running \(\d+s\)$/),
      'Command: npm run serve',
      `Output file: ${outputFile}`,
    ]);
    expect(first).toContain('New output since your last look:\nlistening on :3000\n(Still running: TaskGet again shows only what it prints after this.)');
    appendFileSync(outputFile, 'GET / 200\n');
    const second = await get(context);
    expect(second).toContain('New output since your last look:\nGET / 200');
    expect(second).not.toContain('listening');
  });

  it('says clearly when nothing is new, and when nothing was printed at all', async () => {
    const { context, outputFile } = withBackgroundCommand();
    expect(await get(context)).toContain('\nNo output yet.');
    appendFileSync(outputFile, 'ready\n');
    await get(context);
    expect(await get(context)).toContain('\nNo new output since your last look (6 bytes in the output file).');
  });

  it('shows the newest part of a long burst and says how much earlier output was left out', async () => {
    const { context, outputFile } = withBackgroundCommand();
    const line = `${'x'.repeat(99)}\n`;
    appendFileSync(outputFile, `${line.repeat(400)}last line\n`);
    const text = await get(context);
    expect(text).toMatch(/New output since your last look, its last part: [\d,]+ earlier bytes were left out \(Read the output file to see them\)\./);
    expect(text).toContain('last line');
    expect(text.length).toBeLessThan(TASK_OUTPUT_READ_BYTES + 1_000);
    expect(await get(context)).toContain('No new output since your last look');
  });

  it('reports how a finished command ended, with its exit code', async () => {
    const { context, outputFile, proc } = withBackgroundCommand();
    appendFileSync(outputFile, 'boom\n');
    proc.exit(3);
    await expect.poll(() => context.getAppState().tasks.bserve001?.status).toBe('failed');
    const text = await get(context);
    expect(text).toMatch(/^Status: failed \(exit code 3, \d+s\)$/m);
    expect(text).not.toContain('Still running');
  });

  it('names a background task by its id in the call’s summary, a work-list task as #n', () => {
    expect(TaskGetTool.getToolUseSummary?.({ taskId: 'bserve001' })).toBe('bserve001');
    expect(TaskGetTool.getToolUseSummary?.({ taskId: '3' })).toBe('#3');
  });

  it('moves the session’s read offset when a sub-agent looks', async () => {
    const { context, outputFile } = withBackgroundCommand();
    appendFileSync(outputFile, 'abc\n');
    expect(await get(subAgentContext(context))).toContain('abc');
    expect(context.getAppState().tasks.bserve001!.outputOffset).toBe(4);
  });
});
