import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LocalBashTaskState } from '../../../../extension/core/engines/tasks/localBash';
import { NO_OUTPUT } from '../../../../extension/tools/Bash/format';
import { bashHarness, gone, isRunning, pidFrom, until } from './harness';

describe('tools/Bash', () => {
  it('returns stdout and stderr interleaved in the order written, trailing whitespace trimmed', async () => {
    const h = bashHarness();
    const { result, text } = await h.run('Bash', { command: 'echo one; echo two >&2; echo three; printf "\\n\\n   \\n"' });
    expect(text).toBe('one\ntwo\nthree');
    expect(result.is_error).toBe(false);
  });

  it('puts "Exit code N" first and marks the result an error when the command fails', async () => {
    const h = bashHarness();
    const { result, text } = await h.run('Bash', { command: 'echo partial; echo broken >&2; exit 3' });
    expect(text).toBe('Exit code 3\npartial\nbroken');
    expect(result.is_error).toBe(true);
  });

  it('answers a silent success with one line, and a silent failure with just its exit code', async () => {
    const h = bashHarness();
    expect((await h.run('Bash', { command: 'true' })).text).toBe(NO_OUTPUT);
    expect((await h.run('Bash', { command: 'false' })).text).toBe('Exit code 1');
  });

  it('persists output over 30,000 characters through the executor and shows a preview', async () => {
    const h = bashHarness();
    const { text, result } = await h.run('Bash', { command: 'for i in $(seq 1 5000); do echo "line number $i"; done' });
    const match = /^<persisted-output>\nOutput too large \(([\d,]+) characters\)\. Full output saved to: (.+)$/m.exec(text);
    expect(match, text.slice(0, 300)).not.toBeNull();
    const full = readFileSync(match![2]!, 'utf8');
    expect(full.length.toLocaleString('en-US')).toBe(match![1]);
    expect(full.split('\n')).toHaveLength(5000);
    expect(full.endsWith('line number 5000')).toBe(true);
    expect(text).toContain('line number 1\n');
    expect(result.is_error).toBe(false);
  });

  it('streams progress with the output tail, elapsed time and counts', async () => {
    const h = bashHarness();
    const { events } = await h.run('Bash', { command: 'echo first; sleep 0.3; echo second; sleep 0.3' });
    const progress = events.flatMap((e) => (e.type === 'toolProgress' ? [e.progress as unknown as Record<string, unknown>] : []));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toMatchObject({ type: 'bash_progress', output: 'first', totalLines: 1, totalBytes: 6 });
    expect(progress.at(-1)).toMatchObject({ output: 'first\nsecond', totalLines: 2 });
    expect(progress.at(-1)!['elapsedMs']).toBeGreaterThanOrEqual(300);
    const started = events.find((e) => e.type === 'toolStarted');
    expect(started).toMatchObject({ activity: 'Running echo first; sleep 0.3; echo second; sleep 0.3' });
  });

  it('keeps the working directory between calls', async () => {
    const h = bashHarness();
    mkdirSync(path.join(h.ws, 'pkg', 'src'), { recursive: true });
    expect((await h.run('Bash', { command: 'cd pkg' })).text).toBe(NO_OUTPUT);
    expect((await h.run('Bash', { command: 'pwd' })).text).toBe(path.join(h.ws, 'pkg'));
    await h.run('Bash', { command: 'cd src && echo moved' });
    expect((await h.run('Bash', { command: 'pwd' })).text).toBe(path.join(h.ws, 'pkg', 'src'));
  });

  it('resets the directory to the workspace when a command cds outside it, and says so', async () => {
    const h = bashHarness();
    mkdirSync(path.join(h.ws, 'inner'));
    await h.run('Bash', { command: 'cd inner' });
    const left = await h.run('Bash', { command: 'cd / && echo at root' });
    expect(left.text).toBe(`at root\nShell cwd was reset to ${h.ws}`);
    expect((await h.run('Bash', { command: 'pwd' })).text).toBe(h.ws);
  });

  it('moves a command that outlives its timeout to a background task that keeps running', async () => {
    const h = bashHarness();
    const { text, result } = await h.run('Bash', { command: 'echo started; sleep 0.6; echo finished', timeout: 200 });
    expect(result.is_error).toBe(false);
    const id = /background with ID: (b[0-9a-z]{8})\./.exec(text)?.[1];
    expect(id, text).toBeDefined();
    expect(text).toContain('Latest output:\nstarted');
    const task = h.context.getAppState().tasks[id!] as LocalBashTaskState;
    expect(task).toMatchObject({ type: 'local_bash', status: 'running', backgroundReason: 'timeout', notified: false });
    expect(task.outputOffset).toBe('started\n'.length);
    expect(text).toContain(`Output is being written to: ${task.outputFile}`);
    await until(() => h.context.getAppState().tasks[id!]!.status !== 'running');
    expect(h.context.getAppState().tasks[id!]).toMatchObject({ status: 'completed', exitCode: 0 });
    expect(readFileSync(task.outputFile, 'utf8')).toBe('started\nfinished\n');
  });

  it('kills the whole process tree when the call is aborted', async () => {
    const h = bashHarness();
    const pidFile = path.join(h.ws, 'pid');
    const abort = new AbortController();
    const running = h.run('Bash', { command: `sleep 300 & echo $! > ${pidFile}; wait` }, { signal: abort.signal });
    const grandchild = await pidFrom(pidFile);
    expect(isRunning(grandchild)).toBe(true);
    abort.abort();
    const { outcome } = await running;
    expect(outcome.stage).toBe('interrupted');
    expect(isRunning(grandchild)).toBe(false);
    expect((await gone(grandchild)).code).toBe('ESRCH');
  });

  it('says so when the host has no shell', async () => {
    const h = bashHarness();
    const { shell: _none, ...ports } = h.context.ports;
    Object.assign(h.context, { ports });
    const { text, result } = await h.run('Bash', { command: 'echo hi' });
    expect(result.is_error).toBe(true);
    expect(text).toMatch(/no shell is configured/);
  });

  it('rejects a missing command before running anything', async () => {
    const h = bashHarness();
    const { outcome, text } = await h.run('Bash', { description: 'nothing' });
    expect(outcome.stage).toBe('invalid_input');
    expect(text).toMatch(/command/);
  });
});
