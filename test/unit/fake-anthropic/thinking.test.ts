/** The fake API's thinking rules: signatures it issued, and thinking kept across tool turns (fixtures/fake-anthropic/thinking.ts). */
import { describe, expect, it } from 'vitest';
import { textTurn } from '../../fixtures/fake-anthropic';
import { signatureFor } from '../../fixtures/fake-anthropic/thinking';
import { useSharedFake } from '../fakeApi';
import { assistant, errorOf, post, request, text, toolResult, toolUse, user } from './helpers';

const tools = [{ name: 'Read', description: 'Reads', input_schema: { type: 'object', properties: {} } }];
const thinking = (value: string, signature = signatureFor(value)) => ({ type: 'thinking', thinking: value, signature });

describe('fake-anthropic thinking', () => {
  const fake = useSharedFake();

  /** The first request: the fake replies with thinking, a redacted block and a tool call `toolu_r`. */
  async function firstTurn(): Promise<void> {
    fake.setScript([
      {
        content: [
          { type: 'thinking', thinking: 'Read a.txt first.' },
          { type: 'redacted_thinking', data: 'opaque-1' },
          { type: 'tool_use', id: 'toolu_r', name: 'Read', input: { path: 'a.txt' } },
        ],
      },
      textTurn('done'),
    ]);
    const res = await post(fake, request([user('go')], { tools, thinking: { type: 'adaptive' } }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).content[0]).toEqual(thinking('Read a.txt first.'));
  }

  const followUp = (assistantContent: unknown[]) =>
    request([user('go'), assistant(assistantContent), user([toolResult('toolu_r')])], { tools, thinking: { type: 'adaptive' } });

  it('accepts the tool turn when its thinking comes back exactly, signature included', async () => {
    await firstTurn();
    const res = await post(fake, followUp([thinking('Read a.txt first.'), { type: 'redacted_thinking', data: 'opaque-1' }, toolUse('toolu_r')]));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).content).toEqual([text('done', { citations: null })]);
  });

  it('rejects a tool turn that dropped its thinking', async () => {
    await firstTurn();
    const res = await post(fake, followUp([toolUse('toolu_r')]));
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/^messages\.1\.content\.0: the assistant turn calling tool_use toolu_r must send back the thinking blocks/);
  });

  it('rejects thinking whose text was altered, or whose signature the API never issued', async () => {
    await firstTurn();
    const altered = await post(fake, followUp([thinking('Read b.txt first.', signatureFor('Read a.txt first.')), { type: 'redacted_thinking', data: 'opaque-1' }, toolUse('toolu_r')]));
    expect(errorOf(altered).message).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    const forged = await post(fake, request([user('hi'), assistant([thinking('made up', 'sig-forged'), text('x')]), user('more')]));
    expect(errorOf(forged).message).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
  });

  it('rejects a redacted block it never sent, and thinking blocks sent back out of order', async () => {
    await firstTurn();
    const redacted = await post(fake, followUp([thinking('Read a.txt first.'), { type: 'redacted_thinking', data: 'other' }, toolUse('toolu_r')]));
    expect(errorOf(redacted).message).toBe('messages.1.content.1: Invalid `data` in `redacted_thinking` block');
    const swapped = await post(fake, followUp([{ type: 'redacted_thinking', data: 'opaque-1' }, thinking('Read a.txt first.'), toolUse('toolu_r')]));
    expect(swapped.status).toBe(400);
    expect(errorOf(swapped).message).toContain('must send back the thinking blocks that preceded it');
  });
});
