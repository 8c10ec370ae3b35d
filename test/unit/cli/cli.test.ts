import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, jsonLines, runCli, startCli, useCliFake } from './cliHarness';

describe('headless CLI', { timeout: 90_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  it('prints the reply as text and exits 0', async () => {
    const run = await runCli(['-p', 'hi there'], cliEnv(fake.url));
    expect(run.stdout).toBe('You said: hi there\n');
    expect(run.code).toBe(0);
  });

  it('prints one JSON result with the session id, usage and cost', async () => {
    const run = await runCli(['-p', 'json please', '--output-format', 'json', '--model', 'claude-haiku-5-5'], cliEnv(fake.url));
    const [result] = jsonLines(run.stdout);
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'You said: json please',
      num_turns: 1,
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
    expect(result?.total_cost_usd).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.body.model).toBe('claude-haiku-5-5');
  });

  it('streams init, assistant, tool results and the result as JSON lines', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_s1', name: 'ToolSearch', input: { query: 'select:Nothing' } }] },
      { content: [{ type: 'text', text: 'No such tool, fine.' }] },
    ]);
    const run = await runCli(['-p', 'search', '--output-format', 'stream-json'], cliEnv(fake.url));
    const lines = jsonLines(run.stdout);
    expect(lines.map((l) => `${l.type}${l.subtype ? `:${l.subtype}` : ''}`)).toEqual(['system:init', 'assistant', 'user', 'assistant', 'result:success']);
    expect(lines[0]?.tools).toEqual(expect.arrayContaining(['Read', 'Write', 'Edit', 'ToolSearch']));
    expect(JSON.stringify(lines[2])).toContain('No such tools: Nothing');
    expect(run.code).toBe(0);
  });

  it('denies what a rule disallows, tells the model, and goes on', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_d', name: 'ToolSearch', input: { query: 'anything' } }] },
      { content: [{ type: 'text', text: 'Understood, it was denied.' }], expect: { toolResultIds: ['toolu_d'] } },
    ]);
    const run = await runCli(['-p', 'try', '--disallowedTools', 'ToolSearch', '--output-format', 'stream-json'], cliEnv(fake.url));
    const toolResult = jsonLines(run.stdout).find((l) => l.type === 'user');
    expect(JSON.stringify(toolResult)).toContain('ToolSearch is denied by a rule');
    expect(JSON.stringify(toolResult)).toContain('"is_error":true');
    expect(run.code).toBe(0);
  });

  it('writes inside the workspace in acceptEdits mode, but not outside it, and asks nobody', async () => {
    const where = cliEnv(fake.url);
    const outside = path.join(where.home, 'outside.txt');
    fake.setScript([
      {
        content: [
          { type: 'tool_use', id: 'toolu_in', name: 'Write', input: { file_path: path.join(where.cwd, 'inside.txt'), content: 'hello\n' } },
          { type: 'tool_use', id: 'toolu_out', name: 'Write', input: { file_path: outside, content: 'nope\n' } },
        ],
      },
      { content: [{ type: 'text', text: 'One written, one refused.' }], expect: { toolResultIds: ['toolu_in', 'toolu_out'] } },
    ]);
    const run = await runCli(['-p', 'write two files', '--permission-mode', 'acceptEdits', '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(where.cwd, 'inside.txt'), 'utf8')).toBe('hello\n');
    expect(existsSync(outside)).toBe(false);
    const results = JSON.stringify(jsonLines(run.stdout).filter((l) => l.type === 'user'));
    expect(results).toContain('File created successfully at:');
    expect(results).toContain('no one can be asked');
  });

  it('stops at --max-turns with an error result and exit code 1', async () => {
    const call = (i: number) => ({ content: [{ type: 'tool_use' as const, id: `toolu_m${i}`, name: 'ToolSearch', input: { query: 'x' } }] });
    fake.setScript([call(1), call(2), call(3)]);
    const run = await runCli(['-p', 'loop', '--max-turns', '2', '--output-format', 'json'], cliEnv(fake.url));
    expect(jsonLines(run.stdout)[0]).toMatchObject({ subtype: 'error_max_turns', is_error: true, num_turns: 2 });
    expect(run.code).toBe(1);
  });

  it('rejects bad options with usage and exit code 2, and a missing key with exit code 1', async () => {
    const bad = await runCli(['-p', 'x', '--output-format', 'yaml'], cliEnv(fake.url));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--output-format: .*text.*json.*stream-json/s);
    const where = cliEnv(fake.url, { ANTHROPIC_API_KEY: '' });
    const nokey = await runCli(['-p', 'x'], where);
    expect(nokey.code).toBe(1);
    expect(nokey.stderr).toContain('ANTHROPIC_API_KEY is not set');
  });

  it('resumes a session by id with the earlier conversation', async () => {
    const where = cliEnv(fake.url);
    const first = jsonLines((await runCli(['-p', 'remember 42', '--output-format', 'json'], where)).stdout)[0];
    const list = await runCli(['--list-sessions'], where);
    expect(list.stdout).toContain(`${String(first?.session_id)}\t`);
    expect(list.stdout).toContain('remember 42');
    fake.setScript([{ content: [{ type: 'text', text: 'It was 42.' }], expect: { messageCount: 3 } }]);
    const second = await runCli(['-p', 'what was it?', '--resume', String(first?.session_id)], where);
    expect(second.stdout).toBe('It was 42.\n');
    const sent = fake.requests.at(-1)?.body.messages as { role: string }[];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('after being killed mid-session, resumes with everything it had shown', async () => {
    const where = cliEnv(fake.url);
    fake.setScript([
      { content: [{ type: 'text', text: 'Step one.' }, { type: 'tool_use', id: 'toolu_k1', name: 'ToolSearch', input: { query: 'a' } }] },
      { content: [{ type: 'text', text: 'Step two.' }, { type: 'tool_use', id: 'toolu_k2', name: 'ToolSearch', input: { query: 'b' } }] },
      { content: [{ type: 'text', text: 'This reply is slow and never finishes.', chunks: 10 }], delayMsBetweenEvents: 500 },
    ]);
    const live = startCli(['-p', 'do the steps', '--output-format', 'stream-json'], where);
    const deadline = Date.now() + 60_000;
    while (jsonLines(live.stdout()).filter((l) => l.type === 'user').length < 2) {
      if (Date.now() > deadline) throw new Error(`CLI did not get far enough: ${live.stdout()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    live.child.kill('SIGKILL');
    const killed = await live.done;
    expect(killed.signal).toBe('SIGKILL');
    const shown = jsonLines(killed.stdout);
    const sessionId = String(shown[0]?.session_id);
    const shownMessages = shown.filter((l) => l.type === 'assistant' || l.type === 'user').map((l) => l.message);

    fake.setScript([{ content: [{ type: 'text', text: 'Resumed.' }] }]);
    const resumed = await runCli(['-p', 'continue', '--resume', sessionId], where);
    expect(resumed.stdout).toBe('Resumed.\n');
    const sent = fake.requests.at(-1)?.body.messages as unknown[];
    // The first prompt, then every message the killed run had shown, then the new prompt.
    expect(sent).toHaveLength(1 + shownMessages.length + 1);
    expect(JSON.stringify(sent)).toContain('toolu_k1');
    expect(JSON.stringify(sent)).toContain('toolu_k2');
    for (const m of shownMessages) expect(JSON.stringify(sent)).toContain(JSON.stringify((m as { content: unknown }).content).slice(1, 40));
  });
});
