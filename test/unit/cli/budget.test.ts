import { beforeEach, describe, expect, it } from 'vitest';
import { runQuery, useFakeAnthropic } from '../agent/queryHarness';
import { echoTool } from '../tool/fixtures';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

const call = (i: number) => ({ content: [{ type: 'tool_use' as const, id: `toolu_b${i}`, name: 'Echo', input: { text: `${i}` } }] });

describe('query: the spending cap (QueryParams.budget)', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('ends the turn before the next request once the cost so far reaches the budget', async () => {
    const { tool } = echoTool();
    fake.setScript([call(1), call(2), { content: [{ type: 'text', text: 'done' }] }]);
    let spent = 0;
    const { events } = await runQuery(fake, {
      tools: [tool],
      extra: { budget: { maxUsd: 0.01, spentUsd: () => spent } },
      abortWhen: (e) => {
        if (e.type === 'usage') spent += 0.006; // two requests pass 0.01
        return false;
      },
    });
    expect(fake.requests).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'max_budget', turns: 2 });
    expect(events.at(-2)).toEqual({ type: 'notice', text: 'Stopped before the next model request: the session has cost $0.0120, which reaches its budget of $0.01.' });
    expect(fake.remaining()).toBe(1);
  });

  it('sends nothing when the budget is spent before the turn starts, and goes on below it', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'cheap' }] }]);
    const spent = await runQuery(fake, { extra: { budget: { maxUsd: 1, spentUsd: () => 1 } } });
    expect(spent.events.map((e) => e.type)).toEqual(['notice', 'done']);
    expect(fake.requests).toHaveLength(0);
    const below = await runQuery(fake, { extra: { budget: { maxUsd: 1, spentUsd: () => 0.99 } } });
    expect(below.events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
    expect(below.text).toBe('cheap');
  });
});

describe('headless CLI: --max-budget-usd', { timeout: 60_000 }, () => {
  const api = useCliFake({ fallback: 'echo' });
  beforeEach(() => {
    api.requests.length = 0;
  });

  it('stops before the request that would pass the budget, with subtype error_max_budget_usd and exit 1', async () => {
    const search = (i: number) => ({ content: [{ type: 'tool_use' as const, id: `toolu_s${i}`, name: 'ToolSearch', input: { query: 'select:Nothing' } }] });
    api.setScript([search(1), search(2), { content: [{ type: 'text', text: 'never sent' }] }]);
    // One request of the fake costs about $0.001 on Sonnet: the second one is never sent.
    const run = await runCli(['-p', 'loop', '--max-budget-usd', '0.0005', '--output-format', 'json'], cliEnv(api.url));
    const [result] = jsonLines(run.stdout);
    expect(result).toMatchObject({ type: 'result', subtype: 'error_max_budget_usd', is_error: true, num_turns: 1 });
    expect(result?.total_cost_usd).toBeGreaterThanOrEqual(0.0005);
    expect(api.requests).toHaveLength(1);
    expect(run.code).toBe(1);
  });

  it('says on stderr in text mode why it stopped, keeping stdout for answers; a large budget runs to the end', async () => {
    api.setScript([{ content: [{ type: 'tool_use', id: 'toolu_t1', name: 'ToolSearch', input: { query: 'select:Nothing' } }] }, { content: [{ type: 'text', text: 'never sent' }] }]);
    const stopped = await runCli(['-p', 'hi', '--max-budget-usd', '0.0000001'], cliEnv(api.url));
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr).toMatch(/codewright: Stopped before the next model request: the session has cost \$0\.\d{4}, which reaches its budget of \$0\.00\./);
    expect(stopped.code).toBe(1);
    api.setScript([]);
    const ok = await runCli(['-p', 'hi', '--max-budget-usd', '5', '--output-format', 'json'], cliEnv(api.url));
    expect(jsonLines(ok.stdout)[0]).toMatchObject({ subtype: 'success', result: 'You said: hi' });
  });
});
