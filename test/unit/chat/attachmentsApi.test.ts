import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { AnthropicModelClient } from '../../../extension/llm/anthropicModelClient';
import { type FakeAnthropic, startFakeAnthropic, textTurn } from '../../fixtures/fake-anthropic';
import { HEADERS, post, request, text, user } from '../fake-anthropic/helpers';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image = (source: Record<string, unknown>) => ({ type: 'image', source });

describe('attachments against the fake Messages API', () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());

  it('accepts a base64 image block before the text and rejects malformed ones as the API does', async () => {
    const headers = { ...HEADERS, 'x-api-key': 'sk-test' };
    fake.setScript([textTurn('A pixel.')]);
    const ok = await post(fake, request([user([image({ type: 'base64', media_type: 'image/png', data: PNG }), text('what is this?')])]), headers);
    expect(ok.status).toBe(200);
    for (const bad of [
      { type: 'base64', media_type: 'image/bmp', data: PNG },
      { type: 'base64', media_type: 'image/png', data: '' },
      { type: 'base64', media_type: 'image/png', data: 'not base64!' },
      { type: 'file', file_id: 'x' },
    ]) {
      const res = await post(fake, request([user([image(bad), text('what is this?')])]), headers);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sends a pasted image and a mentioned range from the chat in one user message', async () => {
    fake.setScript([textTurn('A one-pixel PNG.')]);
    const deps = agentDeps(
      new AnthropicModelClient({
        credentials: keyed,
        settings: { model: () => 'claude-sonnet-5-5', maxTokens: () => 64, apiBaseUrl: () => fake.url },
        log: new RecordingLogger(),
      }),
    );
    writeFileSync(path.join(deps.cwd, 'notes.md'), '# Notes\nalpha\nbeta\n');
    const chat = new ChatSession({ agent: deps, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    await chat.send('What is @notes.md#L2 next to this image?', [{ kind: 'image', mediaType: 'image/png', data: PNG }]);

    expect(chat.messages().map((m) => [m.role, m.status, m.text])).toEqual([
      ['user', 'done', 'What is @notes.md#L2 next to this image?'],
      ['assistant', 'done', 'A one-pixel PNG.'],
    ]);
    const sent = fake.requests.at(-1);
    expect(sent?.status).toBe(200);
    const messages = sent?.body['messages'] as { content: { type: string; text?: string; source?: unknown }[] }[];
    const content = messages[0]?.content ?? [];
    expect(content.map((b) => b.type)).toEqual(['image', 'text', 'text']);
    expect(content[0]?.source).toEqual({ type: 'base64', media_type: 'image/png', data: PNG });
    expect(content[1]?.text).toBe('<file path="notes.md" lines="2-2">\n2\talpha\n</file>');
    expect(content[2]?.text).toBe('What is @notes.md#L2 next to this image?');
  });
});
