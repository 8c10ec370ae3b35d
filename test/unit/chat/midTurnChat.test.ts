/**
 * A prompt typed while the agent works (docs/ARCHITECTURE.md, Mid-turn messages), through the chat, the real
 * loop, the real Node shell and the fake Messages API: it reaches the model at the next tool boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import { NEW_MESSAGE_INTERRUPT_MESSAGE } from '../../../extension/core/contracts/toolErrors';
import type { AnyTool } from '../../../extension/core/contracts/tool';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { AnthropicModelClient } from '../../../extension/llm/anthropicModelClient';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { type FakeAnthropic, startFakeAnthropic, textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { sleeperTool } from '../tool/fixtures';
import { agentDeps, keyed, RecordingLogger, sequentialIds, until } from '../support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Block = { type: string; text?: string; tool_use_id?: string; content?: unknown; is_error?: boolean; source?: unknown };
type Body = { messages: { role: string; content: string | Block[] }[] };

describe('a message typed while the agent works', () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());

  function chat(tools: AnyTool[]) {
    const deps = agentDeps(
      new AnthropicModelClient({
        credentials: keyed,
        settings: { model: () => 'claude-sonnet-5-5', maxTokens: () => 256, apiBaseUrl: () => fake.url },
        log: new RecordingLogger(),
      }),
    );
    const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
    const session = new ChatSession({
      agent: { ...deps, tools, toolPorts: { ...deps.toolPorts, shell }, decider: async (_tool, input) => ({ behavior: 'allow', updatedInput: input }) },
      credentials: keyed,
      log: new RecordingLogger(),
      newId: sequentialIds(),
    });
    const events: ChatEvent[] = [];
    session.onEvent((e) => events.push(e));
    return { session, events };
  }

  const lastUser = (index: number) => (fake.requests[index]!.body as unknown as Body).messages.at(-1)!;
  const started = (events: ChatEvent[]) => events.some((e) => e.type === 'toolUseStarted');

  it('queues a message typed while Bash runs: the command finishes, and its result carries the message', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    fake.setScript([toolUseTurn('Bash', { command: 'sleep 0.6; echo finished', description: 'Wait' }, { id: 'toolu_q' }), textTurn('Done, reading it now.')]);
    const { session, events } = chat([createBashTool()]);
    const turn = session.submit('wait a while');
    await until(() => started(events), 5000);
    await session.submit('then read the README');
    expect(session.queue.queued().map((q) => q.text)).toEqual(['then read the README']);
    await turn;
    expect(fake.requests).toHaveLength(2);
    const content = lastUser(1).content as Block[];
    expect(content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(content[0]).toMatchObject({ tool_use_id: 'toolu_q' });
    expect(content[0]!.is_error).toBeFalsy();
    expect(JSON.stringify(content[0]!.content)).toContain('finished');
    expect(JSON.stringify(content[0]!.content)).not.toContain('Interrupted');
    expect(content[1]!.text).toBe('then read the README');
  });

  it('"Send now" cancels a running sleep 30 and the next request carries the message with the result that says so', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    fake.setScript([toolUseTurn('Bash', { command: 'sleep 30', description: 'Wait' }, { id: 'toolu_sleep' }), textTurn('Switching to the README.')]);
    const { session, events } = chat([createBashTool()]);
    const turn = session.submit('wait a while');
    await until(() => started(events), 5000);
    await new Promise((r) => setTimeout(r, 200)); // the shell has spawned
    const typedAt = Date.now();
    await session.submit('actually, read the README instead', [{ kind: 'image', mediaType: 'image/png', data: PNG }], { interrupt: true });
    await turn;
    expect(Date.now() - typedAt).toBeLessThan(5_000);

    expect(fake.requests).toHaveLength(2);
    const content = lastUser(1).content as Block[];
    expect(content.map((b) => b.type)).toEqual(['tool_result', 'image', 'text']);
    expect(content[0]).toMatchObject({ tool_use_id: 'toolu_sleep', is_error: true });
    expect(JSON.stringify(content[0]!.content)).toContain('Interrupted by the user with a new message');
    expect(content[1]!.source).toEqual({ type: 'base64', media_type: 'image/png', data: PNG });
    expect(content[2]!.text).toBe('actually, read the README instead');

    // The chat shows the prompt where the model read it, then the reply; nothing is left queued.
    expect(session.messages().map((m) => [m.role, m.text])).toEqual([
      ['user', 'wait a while'],
      ['assistant', ''],
      ['user', 'actually, read the README instead'],
      ['assistant', 'Switching to the README.'],
    ]);
    expect(session.messages()[2]!.attachments).toEqual([{ kind: 'image', mediaType: 'image/png', data: PNG }]);
    expect(session.queue.queued()).toEqual([]);
    const tool = session.allEntries().find((e) => e.role === 'tool');
    expect(tool).toMatchObject({ status: 'error' });
    expect(NEW_MESSAGE_INTERRUPT_MESSAGE).toMatch(/new message/);
  });

  it('lets a block tool finish first, then sends the message with its result', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    const steady = sleeperTool({ name: 'Steady', safe: false, interrupt: 'block' });
    fake.setScript([toolUseTurn('Steady', { ms: 400, label: 'b' }, { id: 'toolu_steady' }), textTurn('ok')]);
    const { session, events } = chat([steady.tool]);
    const turn = session.submit('go');
    await until(() => started(events), 5000);
    await session.submit('and then stop');
    await turn;
    expect(steady.log).toEqual(['start b', 'end b']);
    const content = lastUser(1).content as Block[];
    expect(content[0]).toMatchObject({ tool_use_id: 'toolu_steady', content: 'slept b' });
    expect(content[1]!.text).toBe('and then stop');
  });

  it('keeps a prompt for the next turn when no tool boundary is left, and one that mentions files', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    const steady = sleeperTool({ name: 'Steady', safe: false, interrupt: 'block' });
    fake.setScript([toolUseTurn('Steady', { ms: 300, label: 'b' }, { id: 'toolu_m' }), textTurn('first done'), textTurn('second done')]);
    const { session, events } = chat([steady.tool]);
    const turn = session.submit('go');
    await until(() => started(events), 5000);
    await session.submit('look at @notes.md');
    await turn;
    expect(fake.requests).toHaveLength(3);
    expect((lastUser(1).content as Block[]).map((b) => b.type)).toEqual(['tool_result']);
    const third = lastUser(2);
    const text = typeof third.content === 'string' ? third.content : third.content.map((b) => b.text ?? '').join('');
    expect(text).toContain('look at @notes.md');
  });

  it('Stop still cancels everything and hands a prompt typed mid-turn back, unsent', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    const steady = sleeperTool({ name: 'Steady', safe: false, interrupt: 'block' });
    fake.setScript([toolUseTurn('Steady', { ms: 5_000, label: 'b' }, { id: 'toolu_stop' }), textTurn('never')]);
    const { session, events } = chat([steady.tool]);
    const turn = session.submit('go');
    await until(() => started(events), 5000);
    await session.submit('one more thing', [{ kind: 'image', mediaType: 'image/png', data: PNG }]);
    session.stop();
    await turn;
    expect(fake.requests).toHaveLength(1);
    expect(session.queue.takeReturned()).toEqual({ text: 'one more thing', images: [{ kind: 'image', mediaType: 'image/png', data: PNG }] });
    expect(session.messages().filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['go']);
    expect(JSON.stringify(session.history)).not.toContain('one more thing');
  });

  it('does not interrupt for a prompt queued behind one that waits for the next turn', { timeout: 15_000 }, async () => {
    fake.requests.length = 0;
    const slow = sleeperTool({ name: 'Slow', safe: false, interrupt: 'cancel' });
    fake.setScript([toolUseTurn('Slow', { ms: 400, label: 's' }, { id: 'toolu_w' }), textTurn('first'), textTurn('second'), textTurn('third')]);
    const { session, events } = chat([slow.tool]);
    const turn = session.submit('go');
    await until(() => started(events), 5000);
    await session.submit('/compact');
    await session.submit('then this', [], { interrupt: true });
    await turn;
    expect(slow.log).toEqual(['start s', 'end s']);
    expect((lastUser(1).content as Block[]).map((b) => b.type)).toEqual(['tool_result']);
  });
});
