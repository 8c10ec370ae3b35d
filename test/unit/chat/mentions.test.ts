import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { entriesFromHistory } from '../../../extension/conversation/history';
import { MENTION_MAX_LINES } from '../../../extension/conversation/mentionFiles';
import { formatMention, parseMentions } from '../../../extension/conversation/mentions';
import type { ImageBlock, TextBlock, UserContentBlock } from '../../../extension/core/base/messages';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import type { PermissionHolder } from '../../../extension/core/contracts/settings';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('chat/mentions parseMentions', () => {
  const paths = (text: string) => parseMentions(text).map((m) => [m.path, m.startLine, m.endLine]);

  it('finds a path, a one-line range and a line range', () => {
    expect(paths('see @src/a.ts and @b.ts#L5 and @c.ts#L5-10')).toEqual([
      ['src/a.ts', undefined, undefined],
      ['b.ts', 5, 5],
      ['c.ts', 5, 10],
    ]);
  });

  it('accepts #L5-L10 and puts a reversed range in order', () => {
    expect(paths('@a.ts#L5-L10 @b.ts#L9-3')).toEqual([
      ['a.ts', 5, 10],
      ['b.ts', 9, 9],
    ]);
  });

  it('does not take an e-mail address or a mid-word @ for a mention', () => {
    expect(paths('mail me@example.com or foo@bar')).toEqual([]);
  });

  it('ends an unquoted path at a space, so a path with spaces must be quoted', () => {
    expect(paths('@docs/read me.md')).toEqual([['docs/read', undefined, undefined]]);
    expect(paths('@"docs/read me.md"#L2-4 please')).toEqual([['docs/read me.md', 2, 4]]);
  });

  it('leaves sentence punctuation after a mention out of the path', () => {
    expect(paths('Look at @src/a.ts. Then @b.ts, ok?')).toEqual([
      ['src/a.ts', undefined, undefined],
      ['b.ts', undefined, undefined],
    ]);
  });

  it('reports where each mention is and skips duplicates', () => {
    const text = 'x @a.ts#L1-2 y @a.ts#L1-2';
    const found = parseMentions(text);
    expect(found).toHaveLength(1);
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe('@a.ts#L1-2');
  });

  it('formats mentions the way it parses them', () => {
    expect(formatMention('src/a.ts', 3, 7)).toBe('@src/a.ts#L3-7');
    expect(formatMention('src/a.ts', 3, 3)).toBe('@src/a.ts#L3');
    expect(formatMention('my dir/b.ts')).toBe('@"my dir/b.ts"');
    expect(paths(formatMention('my dir/b.ts', 2, 4))).toEqual([['my dir/b.ts', 2, 4]]);
  });
});

function holderWith(patch: Partial<ToolPermissionContext>): PermissionHolder {
  let current: ToolPermissionContext = { ...getEmptyToolPermissionContext(), ...patch };
  return { current: () => current, update: (f) => (current = f(current)) };
}

/** A chat session over a real folder, with a model that records what it was sent. */
function sessionIn(permissions?: PermissionHolder) {
  const model = new ScriptedModel([['ok'], ['ok']]);
  const deps = agentDeps(model);
  const ws = deps.cwd;
  const outside = mkdtempSync(path.join(tmpdir(), 'cw-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET\n');
  writeFileSync(path.join(ws, 'a.ts'), ['one', 'two', 'three', 'four'].join('\n') + '\n');
  mkdirSync(path.join(ws, 'src'));
  writeFileSync(path.join(ws, 'src', 'b.ts'), 'export const b = 1;\n');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'link.txt'));
  const chat = new ChatSession({
    agent: { ...deps, toolPorts: { ...deps.toolPorts, workspace: new NodeWorkspace([ws]) }, ...(permissions ? { permissions } : {}) },
    credentials: keyed,
    log: new RecordingLogger(),
    newId: sequentialIds(),
  });
  const sent = (i = 0) => {
    const content = model.requests[i]?.messages[0]?.content;
    if (!Array.isArray(content)) throw new Error(`request ${i} sent plain text: ${String(content)}`);
    return content as UserContentBlock[];
  };
  return { chat, model, ws, outside, sent };
}

const texts = (blocks: UserContentBlock[]) => blocks.filter((b): b is TextBlock => b.type === 'text').map((b) => b.text);

describe('chat ChatSession.send with attachments', () => {
  it('sends images first, then the mentioned range as a <file> block, then the prompt', async () => {
    const { chat, sent } = sessionIn();
    await chat.send('Explain @a.ts#L2-3 please', [{ kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }]);
    const blocks = sent();
    expect(blocks.map((b) => b.type)).toEqual(['image', 'text', 'text']);
    expect((blocks[0] as ImageBlock).source).toEqual({ type: 'base64', media_type: 'image/png', data: PNG });
    expect(texts(blocks)).toEqual(['<file path="a.ts" lines="2-3">\n2\ttwo\n3\tthree\n</file>', 'Explain @a.ts#L2-3 please']);
    const user = chat.messages()[0];
    expect(user?.text).toBe('Explain @a.ts#L2-3 please');
    expect(user?.attachments).toEqual([
      { kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG },
      { kind: 'file', path: 'a.ts', startLine: 2, endLine: 3 },
    ]);
  });

  it('attaches a whole file and a folder listing', async () => {
    const { chat, sent } = sessionIn();
    await chat.send('compare @src/b.ts with @src');
    expect(texts(sent())).toEqual([
      '<file path="src/b.ts">\n1\texport const b = 1;\n</file>',
      '<folder path="src">\nb.ts\n</folder>',
      'compare @src/b.ts with @src',
    ]);
  });

  it('keeps a missing file as plain text with a warning chip', async () => {
    const { chat, sent } = sessionIn();
    await chat.send('what is in @nope.ts?');
    expect(sent().map((b) => b.type)).toEqual(['text']);
    expect(texts(sent())).toEqual(['what is in @nope.ts?']);
    expect(chat.messages()[0]?.attachments).toEqual([{ kind: 'file', path: 'nope.ts', warning: 'Not found; the mention was sent as plain text.' }]);
  });

  it('refuses a path outside the workspace, by ../ or by absolute path, and a link pointing out', async () => {
    const { chat, model, outside } = sessionIn();
    const abs = path.join(outside, 'secret.txt');
    await chat.send(`read @../${path.basename(outside)}/secret.txt and @${abs} and @link.txt`);
    expect(JSON.stringify(model.requests[0]?.messages)).not.toContain('TOP SECRET');
    const chips = chat.messages()[0]?.attachments ?? [];
    expect(chips).toHaveLength(3);
    for (const chip of chips) expect(chip).toMatchObject({ kind: 'file', warning: 'Not attached: it is outside the workspace.' });
  });

  it('refuses a file a Read deny rule covers', async () => {
    const { chat, sent } = sessionIn(holderWith({ alwaysDenyRules: { projectSettings: ['Read(a.ts)'] } }));
    await chat.send('show @a.ts');
    expect(texts(sent())).toEqual(['show @a.ts']);
    expect(chat.messages()[0]?.attachments).toEqual([{ kind: 'file', path: 'a.ts', warning: 'Not attached: a Read deny rule covers it.' }]);
  });

  it('truncates a long file and says so on the chip and in the block', async () => {
    const { chat, ws, sent } = sessionIn();
    writeFileSync(path.join(ws, 'long.txt'), Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n'));
    await chat.send('summarize @long.txt');
    const block = texts(sent())[0] ?? '';
    expect(block.startsWith(`<file path="long.txt" lines="1-${MENTION_MAX_LINES}" truncated="true" total_lines="2500">\n1\tline 1\n`)).toBe(true);
    expect(block).toContain(`${MENTION_MAX_LINES}\tline ${MENTION_MAX_LINES}\n</file>`);
    expect(block).not.toContain('line 2001');
    expect(chat.messages()[0]?.attachments).toEqual([
      { kind: 'file', path: 'long.txt', startLine: 1, endLine: MENTION_MAX_LINES, warning: `Truncated to lines 1-${MENTION_MAX_LINES} of 2500.` },
    ]);
  });

  it('shows chips, not file text, when the conversation is resumed', async () => {
    const { chat } = sessionIn();
    await chat.send('Explain @a.ts#L2-3', [{ kind: 'image', mediaType: 'image/png', data: PNG }]);
    const entries = entriesFromHistory(chat.history, sequentialIds('r'));
    expect(entries[0]).toMatchObject({
      role: 'user',
      text: 'Explain @a.ts#L2-3',
      attachments: [
        { kind: 'image', mediaType: 'image/png', data: PNG },
        { kind: 'file', path: 'a.ts', startLine: 2, endLine: 3 },
      ],
    });
  });
});
