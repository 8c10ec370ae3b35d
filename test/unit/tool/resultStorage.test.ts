import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImageBlock, Message, ToolResultBlock } from '../../../extension/core/base/messages';
import { toolResultText } from '../../../extension/core/base/messages';
import type { SessionStorage } from '../../../extension/core/contracts/storage';
import {
  applyAggregateBudget,
  applyRecordedReplacements,
  createContentReplacementState,
  MIN_REPLACEABLE_CHARS,
  persistLargeResult,
  PREVIEW_CHARS,
  previewOf,
} from '../../../extension/core/engines/results/resultStorage';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';

/** An in-memory session folder that behaves like the real one (paths are absolute, files read back). */
class MemoryStorage implements SessionStorage {
  readonly dir = '/sessions/s1';
  readonly files = new Map<string, string>();
  writes = 0;
  failing = false;
  async writeText(relativePath: string, content: string): Promise<string> {
    if (this.failing) throw new Error('ENOSPC: no space left on device');
    this.writes++;
    this.files.set(relativePath, content);
    return `${this.dir}/${relativePath}`;
  }
  async readText(relativePath: string): Promise<string | undefined> {
    return this.files.get(relativePath);
  }
}

const result = (id: string, content: ToolResultBlock['content'], extra: Partial<ToolResultBlock> = {}): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...extra,
});
const image: ImageBlock = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
/** Distinct numbered lines, so a preview or a saved copy can be checked against the original. */
const lines = (chars: number, tag = 'line'): string => {
  const out: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const line = `${tag} ${i} ${'x'.repeat(40)}`;
    out.push(line);
    n += line.length + 1;
  }
  return out.join('\n').slice(0, chars);
};
const opts = (storage: SessionStorage, maxResultSizeChars = 30_000) => ({ maxResultSizeChars, storage, toolName: 'Bash' });

/** One user prompt, then one tool_use + tool_result exchange per size, ids t0, t1, … */
function conversation(sizes: number[]): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'go' }];
  sizes.forEach((size, i) => {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `step ${i}` } }] });
    messages.push({ role: 'user', content: [result(`t${i}`, lines(size, `out${i}`))] });
  });
  return messages;
}
const resultsOf = (messages: Message[]): ToolResultBlock[] =>
  messages.flatMap((m) => (m.role === 'user' && typeof m.content !== 'string' ? m.content.filter((b) => b.type === 'tool_result') : []));
const textOf = (messages: Message[], id: string): string => toolResultText(resultsOf(messages).find((r) => r.tool_use_id === id)?.content ?? '');
const totalOf = (messages: Message[]): number => resultsOf(messages).reduce((n, r) => n + toolResultText(r.content).length, 0);

describe('persistLargeResult', () => {
  it('saves a 1 MB result and replaces it with a short preview that names the saved path', async () => {
    const storage = new MemoryStorage();
    const original = lines(1_048_576);
    const block = await persistLargeResult(result('toolu_big', original), opts(storage));
    const text = toolResultText(block.content);

    expect(storage.files.get('tool-results/toolu_big.txt')).toBe(original);
    expect(text.length).toBeLessThanOrEqual(2_500);
    expect(text).toContain('Full output saved to: /sessions/s1/tool-results/toolu_big.txt');
    expect(text).toContain('1,048,576 characters');
    expect(text).toMatch(/^<persisted-output>\n[\s\S]*\n<\/persisted-output>$/);
    expect(text).toContain(previewOf(original));
    expect(previewOf(original).length).toBeGreaterThan(PREVIEW_CHARS / 2);
  });

  it('saves through NodeSessionStorage to the file the preview names', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'codewright-results-'));
    try {
      const original = lines(50_000);
      const block = await persistLargeResult(result('toolu_1', original), opts(new NodeSessionStorage(dir)));
      const saved = /Full output saved to: (.+)$/m.exec(toolResultText(block.content))?.[1];
      expect(saved).toBe(path.join(dir, 'tool-results', 'toolu_1.txt'));
      expect(await readFile(saved ?? '', 'utf8')).toBe(original);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('returns the result unchanged when it is within the limit', async () => {
    const storage = new MemoryStorage();
    const block = result('toolu_1', lines(30_000));
    expect(await persistLargeResult(block, opts(storage))).toBe(block);
    expect(storage.writes).toBe(0);
  });

  it('never persists when the limit is Infinity', async () => {
    const storage = new MemoryStorage();
    const block = result('toolu_1', lines(2_000_000));
    expect(await persistLargeResult(block, opts(storage, Infinity))).toBe(block);
    expect(storage.writes).toBe(0);
  });

  it('keeps is_error and the tool_use_id of a persisted result', async () => {
    const block = await persistLargeResult(result('toolu_err', lines(40_000), { is_error: true }), opts(new MemoryStorage()));
    expect(block).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_err', is_error: true });
    expect(toolResultText(block.content)).toContain('<persisted-output>');
  });

  it('persists only the text of array content and leaves images where they were', async () => {
    const storage = new MemoryStorage();
    const first = lines(20_000, 'a');
    const second = lines(20_000, 'b');
    const block = await persistLargeResult(
      result('toolu_mix', [{ type: 'text', text: first }, image, { type: 'text', text: second }]),
      opts(storage),
    );
    expect(storage.files.get('tool-results/toolu_mix.txt')).toBe(first + second);
    expect(Array.isArray(block.content) && block.content.map((b) => b.type)).toEqual(['text', 'image']);
    expect(Array.isArray(block.content) && block.content[1]).toBe(image);
  });

  it('cuts the preview at a line boundary near the limit', () => {
    const text = lines(10_000);
    const preview = previewOf(text);
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(preview.length).toBeGreaterThan(PREVIEW_CHARS - 60);
    expect(text.startsWith(preview)).toBe(true);
    expect(text[preview.length]).toBe('\n');
  });

  it('cuts the preview at the limit when no line break is near it, never inside a surrogate pair', () => {
    expect(previewOf('y'.repeat(5_000))).toHaveLength(PREVIEW_CHARS);
    const emoji = `${'z'.repeat(PREVIEW_CHARS - 1)}😀 and more`;
    expect(previewOf(emoji)).toBe('z'.repeat(PREVIEW_CHARS - 1));
  });

  it('keeps the preview and says the rest was dropped when the storage cannot write', async () => {
    const storage = new MemoryStorage();
    storage.failing = true;
    const original = lines(40_000);
    const text = toolResultText((await persistLargeResult(result('toolu_1', original), opts(storage))).content);
    expect(text).toContain('could not be saved (ENOSPC: no space left on device)');
    expect(text).toContain(previewOf(original));
    expect(text).not.toContain('saved to:');
  });
});

describe('applyAggregateBudget', () => {
  const budget = (storage: SessionStorage, limitChars: number, keepRecent = 0) => ({ storage, limitChars, keepRecent });

  it('returns the results unchanged when they fit the limit', async () => {
    const storage = new MemoryStorage();
    const messages = conversation([5_000, 5_000]);
    const out = await applyAggregateBudget(messages, createContentReplacementState(), budget(storage, 10_000));
    expect(out).toEqual(messages);
    expect(out).not.toBe(messages);
    expect(storage.writes).toBe(0);
  });

  it('replaces the oldest large results first and stops once under the limit', async () => {
    const storage = new MemoryStorage();
    // t1 is the largest: a largest-first policy would clear it before t0.
    const messages = conversation([4_000, 6_000, 5_000, 5_000]);
    const state = createContentReplacementState();
    const out = await applyAggregateBudget(messages, state, budget(storage, 12_000));

    expect([...state.replaced.keys()]).toEqual(['t0', 't1']);
    expect(textOf(out, 't0')).toMatch(/^<persisted-output>\nOutput cleared to save context \(4,000 characters\)\. Full output saved to: \/sessions\/s1\/tool-results\/t0\.txt\n/);
    expect(textOf(out, 't2')).toBe(textOf(messages, 't2'));
    expect(textOf(out, 't3')).toBe(textOf(messages, 't3'));
    expect(totalOf(out)).toBeLessThanOrEqual(12_000);
    expect(storage.files.get('tool-results/t0.txt')).toBe(textOf(messages, 't0'));
  });

  it(`skips results under ${MIN_REPLACEABLE_CHARS} characters and the keepRecent newest`, async () => {
    const state = createContentReplacementState();
    const out = await applyAggregateBudget(conversation([900, 6_000, 6_000, 6_000]), state, budget(new MemoryStorage(), 1_000, 1));
    expect([...state.replaced.keys()]).toEqual(['t1', 't2']);
    expect(textOf(out, 't0')).toHaveLength(900);
    expect(textOf(out, 't3')).toHaveLength(6_000);
  });

  it('points at the file of a result persistLargeResult already saved, without saving it again', async () => {
    const storage = new MemoryStorage();
    const messages = conversation([100_000, 5_000]);
    const [first] = resultsOf(messages);
    const persisted = await persistLargeResult(first as ToolResultBlock, opts(storage));
    messages[2] = { role: 'user', content: [persisted] };
    const state = createContentReplacementState();
    const out = await applyAggregateBudget(messages, state, budget(storage, 5_000, 1));

    expect([...state.replaced.keys()]).toEqual(['t0']);
    expect(storage.writes).toBe(1);
    expect(textOf(out, 't0')).toContain('Output cleared to save context (100,000 characters). Full output saved to: /sessions/s1/tool-results/t0.txt');
    expect(textOf(out, 't0').length).toBeLessThan(300);
  });

  it('never replaces a result twice and gives byte-identical output across calls', async () => {
    const storage = new MemoryStorage();
    const state = createContentReplacementState();
    const messages = conversation([5_000, 5_000, 5_000]);
    const first = await applyAggregateBudget(messages, state, budget(storage, 8_000));
    const replacement = state.replaced.get('t0');
    const again = await applyAggregateBudget(messages, state, budget(storage, 8_000));
    const fedBack = await applyAggregateBudget(first, state, budget(storage, 8_000));
    const grown = await applyAggregateBudget(conversation([5_000, 5_000, 5_000, 5_000, 5_000]), state, budget(storage, 8_000));

    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(JSON.stringify(fedBack)).toBe(JSON.stringify(first));
    // The results cleared before (t0, t1) read exactly as they did; the prefix up to them is unchanged.
    expect(JSON.stringify(grown.slice(0, 5))).toBe(JSON.stringify(first.slice(0, 5)));
    expect(state.replaced.get('t0')).toBe(replacement);
    expect(storage.writes).toBe(state.replaced.size);
    expect([...state.replaced.keys()]).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('with targetChars, clears down to the target in one go once over the limit', async () => {
    const state = createContentReplacementState();
    const messages = conversation([5_000, 5_000, 5_000, 5_000]);
    const under = await applyAggregateBudget(messages.slice(0, 6), state, { ...budget(new MemoryStorage(), 16_000), targetChars: 6_000 });
    expect(state.replaced.size).toBe(0);
    expect(under).toEqual(messages.slice(0, 6));
    const out = await applyAggregateBudget(messages, state, { ...budget(new MemoryStorage(), 16_000), targetChars: 6_000 });
    // Trimming to the limit would have cleared t0 alone; the target takes t0-t2.
    expect([...state.replaced.keys()]).toEqual(['t0', 't1', 't2']);
    expect(totalOf(out)).toBeLessThanOrEqual(6_000);
  });

  it('applyRecordedReplacements rebuilds what applyAggregateBudget sent, byte for byte', async () => {
    const state = createContentReplacementState();
    const messages = conversation([5_000, 5_000, 5_000]);
    const sent = await applyAggregateBudget(messages, state, budget(new MemoryStorage(), 8_000));
    const recorded = { replaced: new Map(JSON.parse(JSON.stringify([...state.replaced])) as [string, string][]) };
    expect(JSON.stringify(applyRecordedReplacements(messages, recorded))).toBe(JSON.stringify(sent));
    // Applied to the already replaced conversation it changes nothing.
    expect(JSON.stringify(applyRecordedReplacements(sent, recorded))).toBe(JSON.stringify(sent));
  });

  it('re-applies earlier replacements even when the conversation now fits', async () => {
    const state = createContentReplacementState();
    const messages = conversation([5_000, 5_000]);
    const tight = await applyAggregateBudget(messages, state, budget(new MemoryStorage(), 6_000));
    const loose = await applyAggregateBudget(messages, state, budget(new MemoryStorage(), 1_000_000));
    expect(JSON.stringify(loose)).toBe(JSON.stringify(tight));
    expect(textOf(loose, 't0')).toContain('Output cleared to save context');
  });

  it('does not mutate the input messages', async () => {
    const messages = conversation([5_000, 5_000, 5_000]);
    const snapshot = structuredClone(messages);
    for (const m of messages) Object.freeze(typeof m.content === 'string' ? m : Object.freeze(m.content));
    await applyAggregateBudget(messages, createContentReplacementState(), budget(new MemoryStorage(), 1_000));
    expect(messages).toEqual(snapshot);
  });

  it('keeps every block in place with its tool_use_id, is_error and cache_control', async () => {
    const big = lines(5_000);
    const messages: Message[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: ['a', 'b', 'c'].map((id) => ({ type: 'tool_use' as const, id, name: 'Grep', input: {} })) },
      {
        role: 'user',
        content: [
          result('a', big, { is_error: true }),
          result('b', 'small'),
          result('c', big, { cache_control: { type: 'ephemeral' } }),
          { type: 'text', text: 'Carry on.' },
        ],
      },
    ];
    const state = createContentReplacementState();
    const out = await applyAggregateBudget(messages, state, budget(new MemoryStorage(), 1_000));
    const content = out[2]?.content;

    expect([...state.replaced.keys()]).toEqual(['a', 'c']);
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(out[1]).toBe(messages[1]);
    expect(Array.isArray(content) && content.map((b) => [b.type, b.type === 'tool_result' ? b.tool_use_id : ''])).toEqual([
      ['tool_result', 'a'],
      ['tool_result', 'b'],
      ['tool_result', 'c'],
      ['text', ''],
    ]);
    expect(Array.isArray(content) && content[0]).toMatchObject({ is_error: true });
    expect(Array.isArray(content) && content[2]).toMatchObject({ cache_control: { type: 'ephemeral' } });
  });

  it('leaves the image blocks of a cleared result untouched', async () => {
    const messages = conversation([5_000, 5_000]);
    messages[2] = { role: 'user', content: [result('t0', [image, { type: 'text', text: lines(5_000) }])] };
    const out = await applyAggregateBudget(messages, createContentReplacementState(), budget(new MemoryStorage(), 6_000));
    const cleared = resultsOf(out)[0]?.content;
    expect(Array.isArray(cleared) && cleared[0]).toBe(image);
    expect(Array.isArray(cleared) && cleared.map((b) => b.type)).toEqual(['image', 'text']);
    expect(textOf(out, 't0')).toContain('Output cleared to save context');
  });

  it('leaves a result in place when the storage cannot save it, and clears it on a later call', async () => {
    const storage = new MemoryStorage();
    const state = createContentReplacementState();
    const messages = conversation([5_000, 5_000]);
    storage.failing = true;
    const failed = await applyAggregateBudget(messages, state, budget(storage, 6_000));
    storage.failing = false;
    const retried = await applyAggregateBudget(messages, state, budget(storage, 6_000));
    expect(failed).toEqual(messages);
    expect(state.replaced.has('t0')).toBe(true);
    expect(textOf(retried, 't0')).toContain('Full output saved to: /sessions/s1/tool-results/t0.txt');
  });
});
