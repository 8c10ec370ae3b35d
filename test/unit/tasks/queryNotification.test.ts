import { describe, expect, it } from 'vitest';
import type { Message, UserMessage } from '../../../extension/core/base/messages';
import { runQuery, useFakeAnthropic } from '../agent/queryHarness';
import { bashHarness, until } from '../tools/Bash/harness';

type WireMessage = { role: string; content: string | { type: string; text?: string; tool_use_id?: string }[] };

const notificationsIn = (messages: readonly (Message | WireMessage)[]) =>
  messages.flatMap((m) =>
    m.role === 'user' && typeof m.content !== 'string'
      ? (m.content as { type: string; text?: string }[]).filter((b) => b.type === 'text' && b.text?.includes('<task-notification>'))
      : [],
  );

describe('task notifications in the agent loop', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('tells the model once, in its next request, that a background command finished', async () => {
    const h = bashHarness();
    const bash = h.context.options.tools.find((t) => t.name === 'Bash')!;
    fake.setScript([
      {
        content: [
          { type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: 'sleep 0.2; echo built', run_in_background: true, description: 'Build' } },
        ],
      },
      // The task is still running here, so no notification yet; this call outlasts it.
      { content: [{ type: 'tool_use', id: 'toolu_wait', name: 'Bash', input: { command: 'sleep 0.6; echo waited' } }], expect: { toolResultIds: ['toolu_bg'] } },
      { content: [{ type: 'text', text: 'The build finished.' }], expect: { lastUserTextIncludes: '<task-notification>' } },
    ]);
    const { messages, persisted, events } = await runQuery(fake, { tools: [bash], extra: { toolUseContext: h.context } });
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);

    const second = fake.requests[1]!.body.messages as WireMessage[];
    expect(notificationsIn(second)).toEqual([]);
    const third = fake.requests[2]!.body.messages as WireMessage[];
    const delivered = notificationsIn(third);
    expect(delivered).toHaveLength(1);
    const id = /<task-id>(b[0-9a-z]{8})<\/task-id>/.exec(delivered[0]!.text!)![1]!;
    expect(delivered[0]!.text).toContain('<status>completed</status>');
    expect(delivered[0]!.text).toContain('<exit-code>0</exit-code>');
    expect(delivered[0]!.text).toContain('<summary>Background command "Build" completed (exit code 0)</summary>');
    // A separate user message right after the tool_result message (the API merges the two user turns).
    expect(third.slice(-2).map((m) => m.role)).toEqual(['user', 'user']);
    expect((third.at(-2)!.content as { type: string }[])[0]!.type).toBe('tool_result');

    expect(h.context.getAppState().tasks[id]!.notified).toBe(true);
    expect(notificationsIn(messages)).toHaveLength(1);
    expect(notificationsIn(persisted)).toHaveLength(1); // in the transcript too
    expect(events.some((e) => e.type === 'userMessage' && notificationsIn([e.message]).length === 1)).toBe(true);
  });

  it('delivers a task that finished between turns with the next prompt', async () => {
    const h = bashHarness();
    const bash = h.context.options.tools.find((t) => t.name === 'Bash')!;
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_bg2', name: 'Bash', input: { command: 'sleep 0.3; echo quick', run_in_background: true } }] },
      { content: [{ type: 'text', text: 'Started it.' }] },
      { content: [{ type: 'text', text: 'It finished.' }], expect: { lastUserTextIncludes: '<status>completed</status>' } },
    ]);
    const first = await runQuery(fake, { tools: [bash], extra: { toolUseContext: h.context } });
    await until(() => Object.values(h.context.getAppState().tasks).every((t) => t.status === 'completed'));
    const second = await runQuery(fake, { tools: [bash], history: first.messages, prompt: 'Is it done?', extra: { toolUseContext: h.context } });
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    const last = fake.requests[2]!.body.messages as WireMessage[];
    expect(notificationsIn(fake.requests[1]!.body.messages as WireMessage[])).toEqual([]);
    expect(JSON.stringify(last.at(-2))).toContain('Is it done?');
    expect(notificationsIn(last)).toHaveLength(1);
    expect(notificationsIn(second.messages)).toHaveLength(1);
    expect((second.messages.at(-2) as UserMessage).role).toBe('user');
  });
});
