/**
 * A Claude Agent SDK session's life against the built CLI (dist/cli.js) and the fake API: streaming input over
 * several turns, resuming by session id, a spending budget that stops the loop, and `interrupt()` in the
 * middle of a long Bash call.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cliProcessesOf, InputQueue, isErrorResultExit, makeSandbox, runQuery, startQuery, transcriptOf, useFakeApi } from '../support/agentSdk';

/** A sleep no other process on the machine runs, so `ps` finds only ours. */
const LONG_SLEEP = 'sleep 29.417';

function sleepRunning(): boolean {
  const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return ps.split('\n').some((line) => line.trim() === LONG_SLEEP);
}

describe('an Agent SDK session against the CLI', { timeout: 120_000 }, () => {
  const fake = useFakeApi();

  it('answers two streamed user messages with two results, the second request carrying the first exchange', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'text', text: 'The capital of France is Paris.' }], expect: { lastUserTextIncludes: 'capital of France' } },
      { content: [{ type: 'text', text: 'About 2 million people.' }], expect: { lastUserTextIncludes: 'How many people' } },
    ]);
    const input = new InputQueue();
    const run = startQuery(fake(), box, input);
    try {
      input.push('What is the capital of France?');
      await run.waitForResults(1);
      input.push('How many people live there?');
      await run.waitForResults(2);
    } finally {
      input.end();
    }
    const { error } = await run.done;
    expect(error).toBeUndefined();

    const results = run.results();
    expect(results.map((r) => [r.subtype, r.subtype === 'success' ? r.result : r.errors])).toEqual([
      ['success', 'The capital of France is Paris.'],
      ['success', 'About 2 million people.'],
    ]);
    expect(results[1]?.session_id).toBe(results[0]?.session_id);
    expect(fake().requests).toHaveLength(2);
    expect(transcriptOf(fake().requests[1])).toEqual([
      'user: What is the capital of France?',
      'assistant: The capital of France is Paris.',
      'user: How many people live there?',
    ]);
  });

  it('resumes a session by id in a second query, sending the earlier conversation', async () => {
    const box = makeSandbox();
    fake().setScript([
      { content: [{ type: 'text', text: 'I will remember 4711.' }] },
      { content: [{ type: 'text', text: 'The number was 4711.' }], expect: { lastUserTextIncludes: 'Which number' } },
    ]);
    const first = await runQuery(fake(), box, 'Remember the number 4711.');
    expect(first.result.subtype).toBe('success');
    const sessionId = first.result.session_id;

    const second = await runQuery(fake(), box, 'Which number did I give you?', { resume: sessionId });
    expect(second.result).toMatchObject({ subtype: 'success', result: 'The number was 4711.', session_id: sessionId });
    expect(fake().requests).toHaveLength(2);
    expect(transcriptOf(fake().requests[1])).toEqual([
      'user: Remember the number 4711.',
      'assistant: I will remember 4711.',
      'user: Which number did I give you?',
    ]);
  });

  it('stops with error_max_budget_usd once the budget is spent, sending nothing after', async () => {
    const box = makeSandbox();
    fake().setScript([
      // Every request costs far more than the budget (a system prompt of thousands of tokens is written to the cache).
      { content: [{ type: 'tool_use', id: 'toolu_budget', name: 'Bash', input: { command: 'echo spent', description: 'echo' } }] },
      { content: [{ type: 'text', text: 'This reply must not be requested.' }] },
    ]);
    const { result } = await runQuery(fake(), box, 'spend', {
      maxBudgetUsd: 0.0001,
      canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
    });

    expect(result.subtype).toBe('error_max_budget_usd');
    expect(result.total_cost_usd).toBeGreaterThan(0.0001);
    expect(fake().requests).toHaveLength(1);
    expect(fake().remaining()).toBe(1);
  });

  it('ends the query with an error result when interrupt() stops a long Bash call, and the processes exit', async () => {
    const box = makeSandbox();
    const started = path.join(box.workspace, 'started.txt');
    const finished = path.join(box.workspace, 'finished.txt');
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_sleep', name: 'Bash', input: { command: `touch started.txt; ${LONG_SLEEP}; touch finished.txt`, description: 'wait' } }] },
      // Never requested: the interrupt ends the turn.
      { content: [{ type: 'text', text: 'This reply must not be requested.' }] },
    ]);
    const input = new InputQueue();
    const run = startQuery(fake(), box, input, {
      canUseTool: async (_name, toolInput) => ({ behavior: 'allow', updatedInput: toolInput }),
    });
    try {
      input.push('wait a while');
      // The command is running once it touched its first file.
      await run.waitUntil('the command started', () => existsSync(started));
      expect(cliProcessesOf(box)).toHaveLength(1);
      await run.query.interrupt();
      const [result] = await run.waitForResults(1);
      expect(result?.subtype).toBe('error_during_execution');
      expect(result?.is_error).toBe(true);
    } finally {
      input.end();
    }
    // The iterator ends; the SDK may throw at the end, as it does with Claude Code, after an error result.
    const { error } = await run.done;
    if (error !== undefined) expect(isErrorResultExit(error, run.results().at(-1))).toBe(true);
    await vi.waitFor(() => expect(cliProcessesOf(box)).toEqual([]), { timeout: 30_000, interval: 200 });
    // The command was stopped, not waited for: it never got to its last step, and its sleep is gone.
    expect(existsSync(finished)).toBe(false);
    await vi.waitFor(() => expect(sleepRunning()).toBe(false), { timeout: 30_000, interval: 200 });
    expect(fake().requests).toHaveLength(1);
  });
});
