import { describe, expect, it } from 'vitest';
import { OutputCollector } from '../../../../extension/tools/Bash/collector';
import { renderBashOutput, trimOutput } from '../../../../extension/tools/Bash/format';

describe('tools/Bash OutputCollector', () => {
  it('counts lines and bytes across chunks, a last line without newline included', () => {
    const c = new OutputCollector();
    c.add('héllo\nwor');
    c.add('ld\n');
    c.add('tail');
    expect(c.totalLines).toBe(3);
    expect(c.totalBytes).toBe(Buffer.byteLength('héllo\nworld\ntail'));
    expect(c.lastLines(2)).toBe('world\ntail');
    expect(c.text('/out')).toBe('héllo\nworld\ntail');
  });

  it('keeps the first and last half past its limit and names the file with the rest', () => {
    const c = new OutputCollector(20);
    for (let i = 0; i < 10; i++) c.add(`${i}${i}${i}${i}\n`);
    expect(c.truncated).toBe(true);
    expect(c.text('/tmp/b1.output')).toBe('0000\n1111\n\n\n... [30 characters not shown; the full output is in /tmp/b1.output] ...\n\n8888\n9999\n');
    expect(c.totalLines).toBe(10);
  });
});

describe('tools/Bash result text', () => {
  it('drops blank leading lines and trailing whitespace but keeps indentation', () => {
    expect(trimOutput('\n\n  indented\nnext  \n\n')).toBe('  indented\nnext');
  });

  it('appends the cwd note after the output or the no-output line', () => {
    expect(renderBashOutput({ kind: 'completed', output: '', exitCode: 0, cwdNote: 'Shell cwd was reset to /ws' })).toEqual({
      text: '(Bash completed with no output)\nShell cwd was reset to /ws',
      isError: false,
    });
  });

  it('describes a timed-out command moved to the background, with its latest output', () => {
    const { text, isError } = renderBashOutput({ kind: 'background', taskId: 'b1', outputFile: '/o', reason: 'timeout', timeoutMs: 1500, outputSoFar: 'step 3\n' });
    expect(isError).toBe(false);
    expect(text).toBe(
      'Command was still running after 1.5s, so it was moved to the background with ID: b1.\n' +
        'Output is being written to: /o\n' +
        'TaskGet (taskId "b1") shows what it printed since you last looked (or Read that file); stop the command with TaskStop (task_id "b1"). You will be notified when it finishes, with the end of its output.\n\n' +
        'Latest output:\nstep 3',
    );
  });
});
