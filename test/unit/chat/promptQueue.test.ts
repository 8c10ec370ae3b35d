import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import type { ChatEvent } from '../../../extension/conversation/events';
import { MAX_QUEUED_PROMPTS, PromptQueue } from '../../../extension/conversation/promptQueue';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds, until } from '../support';

const PNG = { kind: 'image' as const, mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };

function session(replies: string[][]) {
  const model = new ScriptedModel(replies, true);
  const chat = new ChatSession({ agent: agentDeps(model), credentials: keyed, log: new RecordingLogger(), newId: sequentialIds('q') });
  const queues: string[][] = [];
  chat.onEvent((e: ChatEvent) => {
    if (e.type === 'queueChanged') queues.push(e.queue.map((q) => q.text));
  });
  return { model, chat, queues };
}

const userTexts = (chat: ChatSession) => chat.messages().filter((m) => m.role === 'user').map((m) => m.text);

describe('prompt queue', () => {
  it('holds prompts sent during a turn and sends them one per finished turn, in order', async () => {
    const { model, chat, queues } = session([['first reply'], ['second reply'], ['third reply']]);
    const done = chat.submit('first');
    await until(() => model.waiting === 1);
    await chat.submit('second', [PNG]);
    await chat.submit('third');
    expect(chat.queue.queued()).toEqual([
      { id: expect.any(String), text: 'second', imageCount: 1 },
      { id: expect.any(String), text: 'third', imageCount: 0 },
    ]);
    expect(model.requests).toHaveLength(1);
    model.step();
    await until(() => model.waiting === 1 && model.requests.length === 2);
    // The second turn got the queued image with its text.
    const second = model.requests[1]?.messages.at(-1);
    expect(JSON.stringify(second?.content)).toContain('"type":"image"');
    expect(chat.queue.queued().map((q) => q.text)).toEqual(['third']);
    model.step();
    await until(() => model.waiting === 1 && model.requests.length === 3);
    model.step();
    await done;
    expect(userTexts(chat)).toEqual(['first', 'second', 'third']);
    expect(chat.queue.queued()).toEqual([]);
    expect(queues).toEqual([['second'], ['second', 'third'], ['third'], []]);
  });

  it('never sends a removed prompt, and ignores removing one twice', async () => {
    const { model, chat } = session([['a'], ['b']]);
    const done = chat.submit('keep going');
    await until(() => model.waiting === 1);
    await chat.submit('cancel me');
    await chat.submit('send me');
    const [cancel] = chat.queue.queued();
    chat.queue.removeQueued(cancel?.id ?? '');
    chat.queue.removeQueued(cancel?.id ?? '');
    model.step();
    await until(() => model.waiting === 1 && model.requests.length === 2);
    model.step();
    await done;
    expect(userTexts(chat)).toEqual(['keep going', 'send me']);
  });

  it('hands the queue back on Stop, unsent, with texts in order and their images, once', async () => {
    const { model, chat, queues } = session([['slow', ' reply'], ['next']]);
    const returnedEvents: number[] = [];
    chat.onEvent((e) => {
      if (e.type === 'promptsReturned') returnedEvents.push(1);
    });
    const done = chat.submit('one');
    await until(() => model.waiting === 1);
    await chat.submit('two', [PNG]);
    await chat.submit('three');
    chat.stop();
    await done;
    expect(model.requests).toHaveLength(1);
    expect(userTexts(chat)).toEqual(['one']);
    expect(chat.queue.queued()).toEqual([]);
    expect(queues.at(-1)).toEqual([]);
    expect(returnedEvents).toHaveLength(1);
    expect(chat.queue.takeReturned()).toEqual({ text: 'two\n\nthree', images: [PNG] });
    expect(chat.queue.takeReturned()).toBeUndefined();
    // The session goes on normally afterwards.
    const four = chat.submit('four');
    await until(() => model.requests.length === 2);
    expect(userTexts(chat)).toEqual(['one', 'four']);
    chat.stop();
    await four;
  });

  it('a Stop with nothing queued returns nothing; a new chat keeps the queued prompts for the composer', async () => {
    const { model, chat } = session([['slow', ' reply'], ['x']]);
    const done = chat.submit('one');
    await until(() => model.waiting === 1);
    chat.stop();
    await done;
    expect(chat.queue.takeReturned()).toBeUndefined();
    const again = chat.submit('two');
    await until(() => model.requests.length === 2);
    await chat.submit('queued before new chat');
    chat.sessions.reset();
    await again;
    expect(chat.queue.queued()).toEqual([]);
    expect(chat.queue.takeReturned()).toEqual({ text: 'queued before new chat', images: [] });
    expect(model.requests).toHaveLength(2);
  });

  it('refuses more than the limit instead of dropping prompts silently', () => {
    const queue = new PromptQueue(() => {});
    for (let i = 0; i < MAX_QUEUED_PROMPTS; i++) queue.add({ id: String(i), text: `p${i}`, images: [] });
    expect(() => queue.add({ id: 'x', text: 'one too many', images: [] })).toThrow(/already queued/);
    expect(queue.views()).toHaveLength(MAX_QUEUED_PROMPTS);
  });

  it('takeLeading takes the front prompts a running turn accepts and stops at the first it does not', () => {
    const changes: string[][] = [];
    const queue = new PromptQueue((q) => changes.push(q.map((p) => p.text)));
    for (const text of ['a', 'b', '/compact', 'c']) queue.add({ id: text, text, images: [] });
    const joins = (p: { text: string }) => !p.text.startsWith('/');
    expect(queue.takeLeading(joins).map((p) => p.text)).toEqual(['a', 'b']);
    expect(queue.views().map((v) => v.text)).toEqual(['/compact', 'c']);
    expect(changes.at(-1)).toEqual(['/compact', 'c']);
    const before = changes.length;
    expect(queue.takeLeading(joins)).toEqual([]);
    expect(changes).toHaveLength(before);
  });
});
