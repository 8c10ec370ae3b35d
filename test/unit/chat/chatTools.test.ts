import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import type { ToolEntry } from '../../../extension/protocol/entries';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { buildTool } from '../../../extension/core/contracts/tool';
import { EditTool } from '../../../extension/tools/Edit/Edit';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { ChatEntrySchema } from '../../../extension/protocol/messages';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';
import { BlockModel, type ScriptBlock } from './blockModel';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

/** A tool that reports progress twice before it answers. */
const Ticker = buildTool({
  name: 'Ticker',
  inputSchema: z.strictObject({ n: z.number() }),
  maxResultSizeChars: 1000,
  async description() {
    return 'ticks';
  },
  async prompt() {
    return 'ticks';
  },
  getToolUseSummary: (input) => (input?.n !== undefined ? `${input.n} ticks` : null),
  getActivityDescription: () => 'Ticking',
  async call(input, _context, _canUse, _parent, onProgress) {
    for (let i = 1; i <= input.n; i++) onProgress?.({ toolUseID: '', data: { type: 'tick', output: `tick ${i}`, elapsedMs: i * 1000 } });
    return { data: { ticks: input.n } };
  },
  mapToolResultToToolResultBlockParam: (output: { ticks: number }, id: string) => ({ type: 'tool_result', tool_use_id: id, content: `ticked ${output.ticks}` }),
});

function make(replies: (ScriptBlock[] | Error)[]) {
  const model = new BlockModel(replies);
  const deps = agentDeps(model);
  const session = new ChatSession({
    agent: { ...deps, tools: [WriteTool, EditTool, Ticker], decider: allowAll },
    credentials: keyed,
    log: new RecordingLogger(),
    newId: sequentialIds(),
  });
  const events: ChatEvent[] = [];
  session.onEvent((e) => events.push(e));
  return { session, events, model, dir: deps.cwd };
}

const shape = (entries: ReturnType<ChatSession['allEntries']>) =>
  entries.map((e) => (e.role === 'tool' ? `tool:${e.name}:${e.status}` : e.role === 'notice' ? `notice:${e.text}` : `${e.role}:${e.status}:${e.text}`));

describe('chat/chatSession with tools', () => {
  it('splits the reply around tool uses and records each tool with its summary, activity and diff', async () => {
    const { session, events, dir: cwd } = make([
      [{ text: 'Writing it.' }, { tool: { id: 'w1', name: 'Write', input: { file_path: 'a.txt', content: 'one\ntwo\nthree\n' } } }],
      [{ thinking: 'Now the edit.' }, { tool: { id: 'e1', name: 'Edit', input: { file_path: 'a.txt', old_string: 'two', new_string: '2' } } }],
      [{ text: 'Done.' }],
    ]);
    await session.send('make a.txt');
    expect(readFileSync(path.join(cwd, 'a.txt'), 'utf8')).toBe('one\n2\nthree\n');
    const entries = session.allEntries();
    // What the snapshot sends is valid protocol: core's plain types and the Zod schemas agree.
    expect(ChatEntrySchema.array().parse(entries)).toEqual(entries);
    expect(shape(entries)).toEqual(['user:done:make a.txt', 'assistant:done:Writing it.', 'tool:Write:done', 'assistant:done:', 'tool:Edit:done', 'assistant:done:Done.']);
    expect(entries[3]).toMatchObject({ role: 'assistant', thinking: 'Now the edit.' });

    const write = entries[2] as ToolEntry;
    expect(write).toMatchObject({ id: 'w1', summary: 'a.txt', activity: 'Writing a.txt', input: { file_path: 'a.txt' } });
    expect(write.result?.data).toEqual({
      kind: 'diff',
      filePath: path.join(cwd, 'a.txt'),
      created: true,
      added: 3,
      removed: 0,
      truncated: false,
      hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 3, lines: ['+one', '+two', '+three'] }],
    });
    const edit = entries[4] as ToolEntry;
    expect(edit.result).toMatchObject({ isError: false, text: expect.stringContaining('has been updated') });
    expect(edit.result?.data).toMatchObject({ kind: 'diff', created: false, added: 1, removed: 1, hunks: [{ oldStart: 1, newStart: 1, lines: [' one', '-two', '+2', ' three'] }] });

    // The events tell the same story, in order, as deltas only.
    const kinds = events.filter((e) => e.type !== 'usage' && e.type !== 'status').map((e) => e.type);
    expect(kinds).toEqual([
      'busyChanged',
      'messageAdded',
      'messageAdded',
      'assistantDelta',
      'toolUseStarted',
      'toolResult',
      'messageAdded',
      'thinkingDelta',
      'toolUseStarted',
      'toolResult',
      'messageAdded',
      'assistantDelta',
      'messageFinished',
      'messageFinished',
      'messageFinished',
      'busyChanged',
    ]);
    expect(events.find((e) => e.type === 'toolUseStarted')).toEqual({
      type: 'toolUseStarted',
      toolUseId: 'w1',
      name: 'Write',
      input: { file_path: 'a.txt', content: 'one\ntwo\nthree\n' },
      summary: 'a.txt',
      activity: 'Writing a.txt',
    });
  });

  it('forwards progress as a view and drops it from the entry once the result is in', async () => {
    const { session, events } = make([[{ tool: { id: 't1', name: 'Ticker', input: { n: 2 } } }], [{ text: 'ok' }]]);
    await session.send('tick');
    expect(events.filter((e) => e.type === 'toolProgress')).toEqual([
      { type: 'toolProgress', toolUseId: 't1', progress: { output: 'tick 1', elapsedSeconds: 1 } },
      { type: 'toolProgress', toolUseId: 't1', progress: { output: 'tick 2', elapsedSeconds: 2 } },
    ]);
    const tool = session.allEntries().find((e) => e.role === 'tool');
    expect(tool).toEqual({
      id: 't1',
      role: 'tool',
      name: 'Ticker',
      input: { n: 2 },
      summary: '2 ticks',
      activity: 'Ticking',
      status: 'done',
      result: { isError: false, text: 'ticked 2', truncated: false },
    });
  });

  it('gives an unknown tool and invalid input a row in the error state', async () => {
    const { session } = make([
      [{ tool: { id: 'x1', name: 'Nope', input: {} } }, { tool: { id: 'x2', name: 'Ticker', input: { n: 'many' } } }],
      [{ text: 'sorry' }],
    ]);
    await session.send('try');
    const tools = session.allEntries().filter((e): e is ToolEntry => e.role === 'tool');
    expect(tools.map((t) => [t.id, t.name, t.status, t.summary])).toEqual([
      ['x1', 'Nope', 'error', null],
      ['x2', 'Ticker', 'error', null],
    ]);
    expect(tools[0]?.result?.text).toContain('No such tool available: Nope');
    expect(tools[1]?.input).toEqual({ n: 'many' });
  });

  it('puts a failure after tool uses below them and finishes the earlier text as done', async () => {
    const { session } = make([[{ text: 'Ticking.' }, { tool: { id: 't1', name: 'Ticker', input: { n: 1 } } }], new Error('socket hang up')]);
    await session.send('tick');
    const entries = session.allEntries();
    expect(shape(entries)).toEqual(['user:done:tick', 'assistant:done:Ticking.', 'tool:Ticker:done', 'assistant:error:']);
    expect(entries[3]).toMatchObject({ error: expect.stringContaining('socket hang up') });
  });

  it('keeps messages() to user and assistant messages, and hands out copies', async () => {
    const { session } = make([[{ tool: { id: 't1', name: 'Ticker', input: { n: 1 } } }], [{ text: 'ok' }]]);
    await session.send('tick');
    expect(session.messages().map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    const copy = session.allEntries();
    (copy[2] as ToolEntry).input.n = 99;
    expect((session.allEntries()[2] as ToolEntry).input.n).toBe(1);
  });
});
