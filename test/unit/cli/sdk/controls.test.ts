/**
 * The SDK's session controls on the real CLI process: get_context_usage, set_max_thinking_tokens, list_models,
 * stop_task on a background Bash, and rewind_files on the file checkpoints of a user message.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliEnv, useCliFake } from '../cliHarness';
import { controlRequest, isType, responseTo, SDK_ARGS, startProtocolCli, user, type Line } from './protocolHarness';

const say = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const answer = (l: Line) => l.response as { subtype: string; response?: Record<string, unknown>; error?: string };

describe('cli/sdk: session controls', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });
  let first = 0;
  const requests = () => fake.requests.slice(first);
  beforeEach(() => {
    first = fake.requests.length;
  });

  it('reports context usage, lists models, and turns thinking off and back to the run’s setting', async () => {
    const cli = startProtocolCli([...SDK_ARGS, '--model', 'claude-sonnet-4-5', '--thinking', '4096'], cliEnv(fake.url));
    cli.send(user('one'));
    await cli.next(isType('result'));
    cli.send({ type: 'control_request', request_id: 'ctx', request: { subtype: 'get_context_usage' } });
    const usage = answer(await cli.next(responseTo('ctx')));
    expect(usage.subtype).toBe('success');
    expect(usage.response).toMatchObject({ model: 'claude-sonnet-4-5', maxTokens: 200_000, totalTokens: expect.any(Number), categories: expect.arrayContaining([expect.objectContaining({ id: 'messages', kind: 'used' }), expect.objectContaining({ id: 'free_space', kind: 'free' })]) });
    expect(usage.response!.totalTokens as number).toBeGreaterThan(100);
    cli.send({ type: 'control_request', request_id: 'models', request: { subtype: 'list_models' } });
    expect((answer(await cli.next(responseTo('models'))).response!.models as { value: string }[])[0]).toMatchObject({ value: 'claude-sonnet-4-5' });

    cli.send({ type: 'control_request', request_id: 'off', request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 0 } });
    await cli.next(responseTo('off'));
    let count = cli.lines.length;
    cli.send(user('two'));
    await cli.next(isType('result'), count);
    cli.send({ type: 'control_request', request_id: 'reset', request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null } });
    await cli.next(responseTo('reset'));
    count = cli.lines.length;
    cli.send(user('three'));
    await cli.next(isType('result'), count);
    expect(requests().map((r) => (r.body.thinking as { type?: string; budget_tokens?: number } | undefined) ?? null)).toEqual([
      { type: 'enabled', budget_tokens: 4096 },
      null,
      { type: 'enabled', budget_tokens: 4096 },
    ]);
    cli.child.stdin!.end();
    expect(await cli.exited).toBe(0);
  });

  it('stops a background task by its id', async () => {
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: 'sleep 30', description: 'wait', run_in_background: true } }] }, say('Started.')]);
    const cli = startProtocolCli([...SDK_ARGS, '--allowedTools', 'Bash(sleep:*)'], cliEnv(fake.url));
    cli.send(user('start it'));
    const started = await cli.next(isType('system', 'task_started'));
    await cli.next(isType('result'));
    cli.send({ type: 'control_request', request_id: 'stop', request: { subtype: 'stop_task', task_id: started.task_id } });
    expect(answer(await cli.next(responseTo('stop'))).subtype).toBe('success');
    expect(await cli.next((l) => isType('system', 'task_notification')(l) && l.task_id === started.task_id)).toMatchObject({ status: expect.stringMatching(/stopped|killed/) });
    cli.send({ type: 'control_request', request_id: 'again', request: { subtype: 'stop_task', task_id: 'no-such-task' } });
    expect(answer(await cli.next(responseTo('again')))).toMatchObject({ subtype: 'error', error: expect.stringContaining('no-such-task') });
    cli.child.stdin!.end();
    await cli.exited;
  });

  it('rewinds the files a user message’s turn wrote, after a dry run that lists them', async () => {
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'notes.txt', content: 'from the agent\n' } }] },
      say('Wrote notes.txt.'),
    ]);
    const where = cliEnv(fake.url, { CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' });
    const cli = startProtocolCli([...SDK_ARGS, '--permission-mode', 'acceptEdits', '--replay-user-messages'], where);
    cli.send(user('write notes', 'msg-1'));
    expect(await cli.next((l) => l.type === 'user' && l.isReplay === true)).toMatchObject({ uuid: 'msg-1' });
    await cli.next(isType('result'));
    const file = path.join(where.cwd, 'notes.txt');
    expect(readFileSync(file, 'utf8')).toBe('from the agent\n');
    cli.send({ type: 'control_request', request_id: 'dry', request: { subtype: 'rewind_files', user_message_id: 'msg-1', dry_run: true } });
    expect(answer(await cli.next(responseTo('dry'))).response).toEqual({ canRewind: true, filesChanged: [file] });
    expect(existsSync(file)).toBe(true);
    cli.send({ type: 'control_request', request_id: 'real', request: { subtype: 'rewind_files', user_message_id: 'msg-1' } });
    expect(answer(await cli.next(responseTo('real'))).response).toMatchObject({ canRewind: true, filesChanged: [file] });
    expect(existsSync(file)).toBe(false);
    cli.send({ type: 'control_request', request_id: 'unknown', request: { subtype: 'rewind_files', user_message_id: 'msg-9' } });
    expect(answer(await cli.next(responseTo('unknown'))).response).toMatchObject({ canRewind: false, error: expect.stringContaining('msg-9') });
    cli.child.stdin!.end();
    await cli.exited;
  });

  it('says how to turn checkpoints on when a rewind comes without them', async () => {
    const cli = startProtocolCli(SDK_ARGS, cliEnv(fake.url));
    cli.send({ type: 'control_request', request_id: 'rw', request: { subtype: 'rewind_files', user_message_id: 'x' } });
    expect(answer(await cli.next(responseTo('rw')))).toMatchObject({ subtype: 'error', error: expect.stringContaining('enableFileCheckpointing') });
    cli.child.stdin!.end();
    await cli.exited;
    expect(cli.lines.some(controlRequest('can_use_tool'))).toBe(false);
  });
});
