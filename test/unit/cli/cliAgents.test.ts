import { describe, expect, it } from 'vitest';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

/** The headless CLI offers the agent tools too, and `--agents` defines agent types for the run. */
describe('headless CLI: sub-agents and --agents', { timeout: 30_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  const agents = JSON.stringify({ reviewer: { description: 'Reviews a change for bugs', prompt: 'You are a meticulous reviewer of diffs.', tools: ['Read', 'Grep'] } });

  it('runs an agent type defined with --agents: its prompt is its system prompt and its report is the tool result', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Review the change', prompt: 'Review the diff in main.ts', subagent_type: 'reviewer' } }] },
      { content: [{ type: 'text', text: 'No bugs found in main.ts.' }] },
      { content: [{ type: 'text', text: 'The reviewer found nothing.' }], expect: { toolResultIds: ['toolu_agent'] } },
    ]);
    const run = await runCli(['-p', 'review it', '--agents', agents, '--output-format', 'stream-json'], cliEnv(fake.url));
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines[0]?.tools).toEqual(expect.arrayContaining(['Agent', 'TaskCreate', 'SendMessage', 'EnterWorktree']));
    const [first, sub, last] = fake.requests.slice(-3);
    // The parent's Agent tool lists the type and what it is for.
    expect(JSON.stringify(first?.body.tools)).toContain('reviewer');
    expect(JSON.stringify(first?.body.tools)).toContain('Reviews a change for bugs');
    // The sub-agent's request carries its own prompt and the task, not the parent's conversation.
    expect(JSON.stringify(sub?.body.system)).toContain('You are a meticulous reviewer of diffs.');
    expect(JSON.stringify(sub?.body.messages)).toContain('Review the diff in main.ts');
    expect(JSON.stringify(sub?.body.messages)).not.toContain('review it');
    expect(JSON.stringify(last?.body.messages)).toContain('No bugs found in main.ts.');
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'The reviewer found nothing.' });
  });

  it('rejects malformed --agents JSON with usage exit code 2 and a message naming the problem', async () => {
    const before = fake.requests.length;
    const run = await runCli(['-p', 'x', '--agents', '{"reviewer": {"prompt": 5}}'], cliEnv(fake.url));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--agents');
    // Nothing was sent: a bad definition stops the run before it starts.
    expect(fake.requests.length).toBe(before);
  });

  it('refuses plan approval and scheduling headless with a message the model can act on', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'EnterPlanMode', input: {} }] },
      { content: [{ type: 'text', text: 'ok' }], expect: { toolResultIds: ['toolu_plan'] } },
    ]);
    const run = await runCli(['-p', 'plan first', '--output-format', 'stream-json'], cliEnv(fake.url));
    expect(run.code).toBe(0);
    const result = jsonLines(run.stdout).find((l) => l.type === 'user');
    expect(JSON.stringify(result)).toContain('not available here');
    expect(JSON.stringify(result)).toContain('"is_error":true');
  });
});
