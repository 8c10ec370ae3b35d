/**
 * The SDK transport on the real CLI process (through tsx), spoken line by line as the Agent SDK speaks it:
 * initialize, can_use_tool answered every way, interrupt, mode and model changes, bad lines, stdin closing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliEnv, useCliFake } from '../cliHarness';
import { controlRequest, isType, responseTo, SDK_ARGS, startProtocolCli, user, type Line } from './protocolHarness';

const bash = (id: string, command: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command, description: 'run it' } }] });
const say = (text: string) => ({ content: [{ type: 'text' as const, text }] });

function toolResultOf(body: Record<string, unknown>, id: string): { content: unknown; is_error?: boolean } | undefined {
  const messages = body.messages as { content: unknown }[];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    const found = (m.content as { type: string; tool_use_id?: string }[]).find((b) => b.type === 'tool_result' && b.tool_use_id === id);
    if (found) return found as unknown as { content: unknown; is_error?: boolean };
  }
  return undefined;
}

const textOf = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

describe('cli/sdk: the control protocol on stdin/stdout', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });
  /** The requests of this test only (the fake keeps every test's). */
  let first = 0;
  const requests = () => fake.requests.slice(first);
  beforeEach(() => {
    first = fake.requests.length;
  });

  it('answers initialize, asks can_use_tool with the call, runs the input the SDK rewrote, and records the prompt tool as the reason', async () => {
    fake.setScript([bash('toolu_a', 'echo original > made.txt'), say('Done.')]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(SDK_ARGS, where);
    cli.send({ type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize', systemPrompt: [''] } });
    const init = await cli.next(responseTo('init-1'));
    expect(init.response).toMatchObject({
      subtype: 'success',
      response: { commands: expect.any(Array), agents: expect.arrayContaining([expect.objectContaining({ name: 'general-purpose' })]), models: expect.any(Array), output_style: 'default', account: { apiKeySource: 'ANTHROPIC_API_KEY' } },
    });
    cli.send(user('make the file', 'u-1'));
    const ask = await cli.next(controlRequest('can_use_tool'));
    expect(ask.request).toMatchObject({ subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'echo original > made.txt' }, tool_use_id: 'toolu_a', decision_reason: expect.any(String) });
    cli.send({ type: 'control_response', response: { subtype: 'success', request_id: ask.request_id, response: { behavior: 'allow', updatedInput: { command: 'echo rewritten > made.txt', description: 'run it' } } } });
    const result = await cli.next(isType('result'));
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Done.' });
    expect(readFileSync(path.join(where.cwd, 'made.txt'), 'utf8')).toBe('rewritten\n');
    cli.child.stdin!.end();
    expect(await cli.exited).toBe(0);
  });

  it("sends a denial's message to the model as the tool's error, and a denial with interrupt ends the turn with no further request", async () => {
    fake.setScript([bash('toolu_d', 'touch denied.txt'), say('Understood.'), bash('toolu_i', 'touch stopped.txt')]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(SDK_ARGS, where);
    cli.send(user('first'));
    const ask = await cli.next(controlRequest('can_use_tool'));
    cli.send({ type: 'control_response', response: { subtype: 'success', request_id: ask.request_id, response: { behavior: 'deny', message: 'Not in this folder, please.' } } });
    await cli.next(isType('result'));
    const denied = toolResultOf(requests()[1]!.body, 'toolu_d');
    expect(denied?.is_error).toBe(true);
    expect(textOf(denied?.content)).toContain('Not in this folder, please.');

    const count = cli.lines.length;
    cli.send(user('second'));
    const ask2 = await cli.next((l) => controlRequest('can_use_tool')(l) && (l.request as { tool_use_id: string }).tool_use_id === 'toolu_i', count);
    cli.send({ type: 'control_response', response: { subtype: 'success', request_id: ask2.request_id, response: { behavior: 'deny', message: 'Stop here.', interrupt: true } } });
    const second = await cli.next(isType('result'), count);
    expect(second).toMatchObject({ is_error: true });
    expect(requests()).toHaveLength(3);
    expect(existsSync(path.join(where.cwd, 'denied.txt')) || existsSync(path.join(where.cwd, 'stopped.txt'))).toBe(false);
    cli.child.stdin!.end();
    await cli.exited;
  });

  it('reports a malformed line by number and an unknown request by name, and goes on', async () => {
    const cli = startProtocolCli(SDK_ARGS, cliEnv(fake.url));
    cli.child.stdin!.write('{"type":"user",\n');
    cli.send({ type: 'control_request', request_id: 'odd-1', request: { subtype: 'teleport' } });
    cli.send({ type: 'control_request', request_id: 'bad-1', request: { subtype: 'set_permission_mode', mode: 'yolo' } });
    cli.send(user('still here'));
    expect((await cli.next(responseTo('odd-1'))).response).toMatchObject({ subtype: 'error', error: expect.stringContaining('teleport') });
    expect((await cli.next(responseTo('bad-1'))).response).toMatchObject({ subtype: 'error', error: expect.stringContaining('mode must be one of') });
    expect(await cli.next(isType('result'))).toMatchObject({ is_error: false, result: 'You said: still here' });
    cli.child.stdin!.end();
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain('stdin line 1: not valid JSON');
  });

  it('lets an unanswered can_use_tool be interrupted: the ask is cancelled and the turn ends', async () => {
    fake.setScript([bash('toolu_w', 'touch waited.txt'), say('never sent')]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(SDK_ARGS, where);
    cli.send(user('wait for me'));
    const ask = await cli.next(controlRequest('can_use_tool'));
    cli.send({ type: 'control_request', request_id: 'int-1', request: { subtype: 'interrupt' } });
    expect((await cli.next(responseTo('int-1'))).response).toMatchObject({ subtype: 'success', response: { still_queued: [] } });
    await cli.next((l) => l.type === 'control_cancel_request' && l.request_id === ask.request_id);
    expect(await cli.next(isType('result'))).toMatchObject({ is_error: true });
    expect(existsSync(path.join(where.cwd, 'waited.txt'))).toBe(false);
    expect(requests()).toHaveLength(1);
    cli.child.stdin!.end();
    await cli.exited;
  });

  it('ends a turn cleanly when stdin closes while an ask waits, keeping the transcript', async () => {
    fake.setScript([bash('toolu_c', 'touch closed.txt'), say('never sent')]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(SDK_ARGS, where);
    cli.send(user('close on me'));
    await cli.next(controlRequest('can_use_tool'));
    cli.child.stdin!.end();
    const code = await cli.exited;
    expect(code).not.toBeNull();
    expect(existsSync(path.join(where.cwd, 'closed.txt'))).toBe(false);
    const dir = path.join(where.home, 'projects');
    const transcripts = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.jsonl'));
    expect(transcripts).toHaveLength(1);
    expect(readFileSync(path.join(dir, transcripts[0]!), 'utf8')).toContain('close on me');
    expect(requests()).toHaveLength(1);
  });

  it('changes the mode and the model between turns', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: 'a.txt', content: 'one' } }] },
      say('Wrote it.'),
    ]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(SDK_ARGS, where);
    cli.send({ type: 'control_request', request_id: 'mode-1', request: { subtype: 'set_permission_mode', mode: 'acceptEdits' } });
    cli.send({ type: 'control_request', request_id: 'model-1', request: { subtype: 'set_model', model: 'claude-haiku-5-5' } });
    expect((await cli.next(responseTo('mode-1'))).response).toMatchObject({ subtype: 'success', response: { mode: 'acceptEdits' } });
    expect((await cli.next(responseTo('model-1'))).response).toMatchObject({ subtype: 'success', response: { model: 'claude-haiku-5-5' } });
    cli.send(user('write a.txt'));
    expect(await cli.next(isType('result'))).toMatchObject({ is_error: false, result: 'Wrote it.' });
    expect(cli.lines.some(controlRequest('can_use_tool'))).toBe(false);
    expect(readFileSync(path.join(where.cwd, 'a.txt'), 'utf8')).toBe('one');
    expect(requests().map((r) => r.body.model)).toEqual(['claude-haiku-5-5', 'claude-haiku-5-5']);
    cli.child.stdin!.end();
    await cli.exited;
  });

  it('asks an MCP permission prompt tool (--permission-prompt-tool mcp__…), which may rewrite or deny', async () => {
    const loader = pathToFileURL(path.resolve(__dirname, '../../../../node_modules/tsx/dist/loader.mjs')).href;
    const server = path.resolve(__dirname, '../../../fixtures/mcp/promptToolServer.ts');
    const config = JSON.stringify({ mcpServers: { approver: { command: process.execPath, args: ['--import', loader, server] } } });
    fake.setScript([bash('toolu_ok', 'echo ok > ok.txt'), bash('toolu_no', 'touch no.txt'), say('Both tried.')]);
    const where = cliEnv(fake.url);
    const cli = startProtocolCli(['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--mcp-config', config, '--permission-prompt-tool', 'mcp__approver__approve'], where);
    cli.send(user('try both'));
    const result = (await cli.next(isType('result'))) as Line;
    expect(result).toMatchObject({ is_error: false, result: 'Both tried.' });
    expect(readFileSync(path.join(where.cwd, 'ok.txt'), 'utf8')).toBe('approved\n');
    expect(existsSync(path.join(where.cwd, 'no.txt'))).toBe(false);
    expect(textOf(toolResultOf(requests()[2]!.body, 'toolu_no')?.content)).toContain('The approver does not allow Bash.');
    cli.child.stdin!.end();
    await cli.exited;
  });
});
