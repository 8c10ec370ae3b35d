/** query()'s mid-turn messages (docs/ARCHITECTURE.md, Mid-turn messages): taken at each tool boundary, sent with the results. */
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../../extension/core/contracts/mailbox';
import { mailBlocks, withMail } from '../../../extension/core/loop/query/inbox';
import type { UserMessage } from '../../../extension/core/base/messages';
import { NEW_MESSAGE_INTERRUPT_MESSAGE } from '../../../extension/core/contracts/toolErrors';
import { echoTool, sleeperTool } from '../tool/fixtures';
import { runQuery, useFakeAnthropic } from './queryHarness';

type Body = { messages: { role: string; content: string | { type: string; text?: string; tool_use_id?: string; content?: unknown }[] }[] };

describe('mail blocks', () => {
  it('sends a user prompt as plain text after its images, and wraps an agent message with its sender', () => {
    const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'AAAA' } };
    expect(mailBlocks({ from: 'user', text: 'look', images: [image] })).toEqual([image, { type: 'text', text: 'look' }]);
    expect(mailBlocks({ from: 'alice', text: 'done with <x>', summary: 'say "hi"' })).toEqual([
      { type: 'text', text: '<message from="alice" summary="say &quot;hi&quot;">\ndone with <x>\n</message>' },
    ]);
  });

  it('keeps tool_result blocks first and leaves a round without mail unchanged', () => {
    const results: UserMessage = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] };
    expect(withMail(results, [])).toBe(results);
    const merged = withMail(results, [{ from: 'user', text: 'next' }]);
    expect((merged.content as { type: string }[]).map((b) => b.type)).toEqual(['tool_result', 'text']);
  });
});

describe('query with takeInbox', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('sends what waits at a tool boundary with that round results, in the next request body', async () => {
    const { tool } = echoTool({ name: 'Echo', safe: true });
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Echo', input: { text: 'a' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_2', name: 'Echo', input: { text: 'b' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const waiting: MailMessage[][] = [[{ from: 'user', text: 'also check the README' }], [{ from: 'bob', text: 'tests pass' }]];
    const { events, messages, persisted } = await runQuery(fake, { tools: [tool], extra: { takeInbox: () => waiting.shift() ?? [] } });

    const second = fake.requests[1]!.body as unknown as Body;
    expect(second.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a' }),
      expect.objectContaining({ type: 'text', text: 'also check the README' }),
    ]);
    const third = fake.requests[2]!.body as unknown as Body;
    expect(third.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_2' }),
      expect.objectContaining({ type: 'text', text: '<message from="bob">\ntests pass\n</message>' }),
    ]);
    const mail = events.filter((e) => e.type === 'mail');
    expect(mail).toEqual([
      { type: 'mail', messages: [{ from: 'user', text: 'also check the README' }] },
      { type: 'mail', messages: [{ from: 'bob', text: 'tests pass' }] },
    ]);
    // The transcript records the same message the model got.
    expect(persisted).toEqual(messages.slice(1));
    expect(JSON.stringify(persisted)).toContain('also check the README');
  });

  it('an interrupt cancels a cancel tool with a result that says a new message came, and the message follows', async () => {
    const slow = sleeperTool({ name: 'Slow', safe: false, interrupt: 'cancel' });
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_s', name: 'Slow', input: { ms: 30_000, label: 's' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    ]);
    const interrupt = new AbortController();
    const inbox: MailMessage[] = [];
    const started = Date.now();
    const { events } = await runQuery(fake, {
      tools: [slow.tool],
      extra: { interruptSignal: () => interrupt.signal, takeInbox: () => inbox.splice(0) },
      abortWhen: (e) => {
        if (e.type === 'tool' && e.event.type === 'toolStarted') {
          inbox.push({ from: 'user', text: 'stop sleeping' });
          interrupt.abort();
        }
        return false;
      },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slow.log).toEqual(['start s']);
    const body = fake.requests[1]!.body as unknown as Body;
    expect(body.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_s', is_error: true, content: NEW_MESSAGE_INTERRUPT_MESSAGE }),
      expect.objectContaining({ type: 'text', text: 'stop sleeping' }),
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
  });

  it('a block tool finishes first when interrupted', async () => {
    const steady = sleeperTool({ name: 'Steady', safe: false, interrupt: 'block' });
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Steady', input: { ms: 150, label: 'b' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    ]);
    const interrupt = new AbortController();
    const inbox: MailMessage[] = [];
    await runQuery(fake, {
      tools: [steady.tool],
      extra: { interruptSignal: interrupt.signal, takeInbox: () => inbox.splice(0) },
      abortWhen: (e) => {
        if (e.type === 'tool' && e.event.type === 'toolStarted') {
          inbox.push({ from: 'user', text: 'after you' });
          interrupt.abort();
        }
        return false;
      },
    });
    expect(steady.log).toEqual(['start b', 'end b']);
    const body = fake.requests[1]!.body as unknown as Body;
    expect(body.messages.at(-1)!.content).toEqual([
      expect.objectContaining({ tool_use_id: 'toolu_b', content: 'slept b' }),
      expect.objectContaining({ type: 'text', text: 'after you' }),
    ]);
  });

  it('takes nothing when the turn was stopped', async () => {
    const slow = sleeperTool({ name: 'Slow', safe: false, interrupt: 'cancel' });
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_s', name: 'Slow', input: { ms: 5000, label: 's' } }] }]);
    let taken = 0;
    const { events } = await runQuery(fake, {
      tools: [slow.tool],
      extra: { takeInbox: () => (taken++, [{ from: 'user', text: 'x' }]) },
      abortWhen: (e) => e.type === 'tool' && e.event.type === 'toolStarted',
    });
    expect(taken).toBe(0);
    expect(events.some((e) => e.type === 'mail')).toBe(false);
  });
});
