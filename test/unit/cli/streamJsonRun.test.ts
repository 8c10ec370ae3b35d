/**
 * The headless CLI's stream-json against the fake API, end to end: every line fits its Agent SDK type, a
 * sub-agent's messages carry its Agent call's id, retries and denials are reported, the assistant lines share
 * the transcript's uuids, and a background command's task lines come out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';
import { checkSdkLine } from './sdkMessageSchemas';

function transcriptUuids(home: string, sessionId: string): string[] {
  const projects = path.join(home, 'projects');
  const [key] = readdirSync(projects);
  const text = readFileSync(path.join(projects, key!, 'transcripts', `${sessionId}.jsonl`), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; uuid?: string })
    .flatMap((e) => (e.type === 'message' && e.uuid ? [e.uuid] : []));
}

describe('headless CLI: stream-json messages as the Agent SDK types them', { timeout: 30_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  it("streams a sub-agent's messages with its Agent call as parent_tool_use_id, and sums every model in the result", async () => {
    fake.setScript([
      { content: [{ type: 'text', text: 'Delegating.' }, { type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Search tools', prompt: 'Look for a tool', subagent_type: 'general-purpose' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_sub', name: 'ToolSearch', input: { query: 'select:Nothing' } }] },
      { content: [{ type: 'text', text: 'Nothing found.' }], expect: { toolResultIds: ['toolu_sub'] } },
      { content: [{ type: 'text', text: 'The agent found nothing.' }], expect: { toolResultIds: ['toolu_agent'] } },
    ]);
    const where = cliEnv(fake.url);
    const run = await runCli(['-p', 'find a tool', '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    lines.forEach(checkSdkLine);
    expect(lines[0]).toMatchObject({ type: 'system', subtype: 'init', apiKeySource: 'ANTHROPIC_API_KEY', permissionMode: 'default' });
    expect(lines[0]?.agents).toEqual(expect.arrayContaining(['general-purpose', 'Explore', 'Plan']));
    expect(lines[0]?.slash_commands).toEqual(expect.arrayContaining(['compact', 'cost']));

    const sub = lines.filter((l) => l.parent_tool_use_id === 'toolu_agent');
    expect(sub.map((l) => l.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    for (const l of sub) expect(l).toMatchObject({ agent_id: expect.stringMatching(/^a/), subagent_type: 'general-purpose', task_description: 'Search tools' });
    expect(sub[0]).toMatchObject({ message: { role: 'user', content: 'Look for a tool' } });
    expect(sub[2]).toMatchObject({ message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_sub' }] } });
    expect(sub[2]?.tool_use_result).toBeDefined();

    const main = lines.filter((l) => (l.type === 'assistant' || l.type === 'user') && l.parent_tool_use_id === null);
    expect(main.map((l) => l.type)).toEqual(['assistant', 'user', 'assistant']);
    expect(main[0]).toMatchObject({ message: { id: expect.stringMatching(/^msg_/), model: 'claude-sonnet-5-5', stop_reason: 'tool_use', usage: { input_tokens: expect.any(Number) } } });
    expect(main[1]).toMatchObject({ tool_use_result: { status: 'completed', agentType: 'general-purpose', report: 'Nothing found.' } });
    // The sub-agent's lines come before its Agent call's result.
    expect(lines.indexOf(sub.at(-1)!)).toBeLessThan(lines.indexOf(main[1]!));
    // The main agent's lines carry the uuids its transcript stored.
    const stored = transcriptUuids(where.home, String(lines[0]?.session_id));
    for (const l of main) expect(stored).toContain(l.uuid);

    const result = lines.at(-1)!;
    expect(result).toMatchObject({ type: 'result', subtype: 'success', result: 'The agent found nothing.', num_turns: 2, stop_reason: 'end_turn', permission_denials: [] });
    const usage = result.modelUsage as Record<string, { inputTokens: number; costUSD: number }>;
    // Main agent and sub-agent run on the same model: its totals are every assistant message's usage.
    const sent = lines.filter((l) => l.type === 'assistant').reduce((sum, l) => sum + (l.message as { usage: { input_tokens: number } }).usage.input_tokens, 0);
    expect(usage['claude-sonnet-5-5']?.inputTokens).toBe(sent);
    expect(usage['claude-sonnet-5-5']?.costUSD).toBeGreaterThan(0);
    expect(result.duration_api_ms as number).toBeLessThanOrEqual(result.duration_ms as number);
  });

  it('reports a retried request as api_retry and a denied call in permission_denials', async () => {
    fake.setScript([
      { fault: { kind: 'http', status: 529, retryAfter: 0 } },
      { content: [{ type: 'tool_use', id: 'toolu_d', name: 'ToolSearch', input: { query: 'anything' } }] },
      { content: [{ type: 'text', text: 'It was denied.' }], expect: { toolResultIds: ['toolu_d'] } },
    ]);
    const run = await runCli(['-p', 'try', '--disallowedTools', 'ToolSearch', '--output-format', 'stream-json'], cliEnv(fake.url));
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    lines.forEach(checkSdkLine);
    expect(lines.filter((l) => l.subtype === 'api_retry')).toEqual([
      expect.objectContaining({ attempt: 1, max_retries: 10, retry_delay_ms: 0, error_status: 529, error: 'overloaded' }),
    ]);
    expect(lines.some((l) => l.subtype === 'status')).toBe(false);
    expect(lines.at(-1)).toMatchObject({ subtype: 'success', permission_denials: [{ tool_name: 'ToolSearch', tool_use_id: 'toolu_d', tool_input: { query: 'anything' } }] });
  });

  it('writes task lines for a background command', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: 'echo built', run_in_background: true, description: 'Build' } }] },
      { content: [{ type: 'text', text: 'Started it.' }], expect: { toolResultIds: ['toolu_bg'] } },
    ]);
    const run = await runCli(['-p', 'build in the background', '--allowedTools', 'Bash', '--output-format', 'stream-json'], cliEnv(fake.url));
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    lines.forEach(checkSdkLine);
    const started = lines.find((l) => l.subtype === 'task_started');
    expect(started).toMatchObject({ tool_use_id: 'toolu_bg', description: 'Build', task_type: 'local_bash' });
    // It ends while the turn runs or is stopped when the run ends: either way it is reported once.
    expect(lines.filter((l) => l.subtype === 'task_notification' && l.task_id === started?.task_id)).toEqual([
      expect.objectContaining({ status: expect.stringMatching(/^(completed|stopped)$/), output_file: expect.any(String) }),
    ]);
  });

  it('streams the raw events with --include-partial-messages, and echoes stdin user messages with --replay-user-messages', async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Streamed reply.' }] }]);
    const uuid = '0b0b0b0b-1111-4222-8333-444444444444';
    const stdin = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'stream it' }, uuid, session_id: '', parent_tool_use_id: null })}\n`;
    const args = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--include-partial-messages', '--replay-user-messages'];
    const run = await runCli(args, cliEnv(fake.url), stdin);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    lines.forEach(checkSdkLine);
    const kinds = lines.map((l) => (l.type === 'stream_event' ? `event:${String((l.event as { type: string }).type)}` : `${String(l.type)}${l.subtype ? `:${String(l.subtype)}` : ''}`));
    expect(kinds[0]).toBe('user');
    expect(lines[0]).toMatchObject({ isReplay: true, uuid, message: { role: 'user', content: 'stream it' }, parent_tool_use_id: null });
    // The init comes before the turn, after the echo; then the stream, the message, the result.
    expect(kinds.slice(1, 3)).toEqual(['system:init', 'event:message_start']);
    expect(kinds).toEqual(expect.arrayContaining(['event:content_block_start', 'event:content_block_delta', 'event:content_block_stop', 'event:message_delta', 'event:message_stop']));
    expect(kinds.indexOf('event:message_stop')).toBeLessThan(kinds.indexOf('assistant'));
    expect(kinds.at(-1)).toBe('result:success');
    const text = lines.flatMap((l) => {
      const e = l.event as { type?: string; delta?: { type: string; text?: string } } | undefined;
      return e?.type === 'content_block_delta' && e.delta?.type === 'text_delta' ? [e.delta.text] : [];
    });
    expect(text.join('')).toBe('Streamed reply.');
  });

  it('keeps the json format one result object, now with the SDK result fields', async () => {
    const run = await runCli(['-p', 'hello', '--output-format', 'json'], cliEnv(fake.url));
    const [result, ...rest] = jsonLines(run.stdout);
    expect(rest).toEqual([]);
    checkSdkLine(result!);
    expect(result).toMatchObject({ subtype: 'success', result: 'You said: hello', permission_denials: [], modelUsage: { 'claude-sonnet-5-5': expect.any(Object) } });
  });
});
