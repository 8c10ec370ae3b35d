import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { replaySession } from '../../../extension/conversation/replay';
import { NOTE_RECORD, TOOL_RECORD, TURN_RECORD } from '../../../extension/conversation/rowRecords';
import { listSessions } from '../../../extension/core/engines/transcripts/sessions';
import type { TimelineItem } from '../../../extension/core/engines/transcripts/transcript';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { ChatEntrySchema, type ChatEntry, type ToolEntry } from '../../../extension/protocol/messages';
import { AgentTool } from '../../../extension/tools/Agent/Agent';
import { AskUserQuestionTool } from '../../../extension/tools/AskUserQuestion/AskUserQuestion';
import { EnterPlanModeTool } from '../../../extension/tools/EnterPlanMode/EnterPlanMode';
import { ExitPlanModeTool } from '../../../extension/tools/ExitPlanMode/ExitPlanMode';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { colour } from '../../fixtures/questions';
import { fakeEngine, hookOf, json } from '../hooks/support';
import { agentDeps, keyed, keyless, RecordingLogger, sequentialIds } from '../support';
import { BlockModel, type ScriptBlock } from './blockModel';

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });
const tools = [ReadTool, WriteTool, EnterPlanModeTool, ExitPlanModeTool, AskUserQuestionTool, AgentTool];
const PLAN = '# Plan\n\n1. Read a.txt\n2. Ask about the colour';

/** A session whose model plans, reads (once failing, once calling no such tool), delegates, asks and writes; then a turn that fails. */
const SCRIPT: (ScriptBlock[] | Error)[] = [
  [{ text: 'Planning first.' }, { tool: { id: 'plan-in', name: 'EnterPlanMode', input: {} } }],
  [{ tool: { id: 'plan-out', name: 'ExitPlanMode', input: { plan: PLAN } } }],
  [
    { thinking: 'Read it, and the file that is not there.' },
    { text: 'Reading.' },
    { tool: { id: 'read-ok', name: 'Read', input: { file_path: 'a.txt' } } },
    { tool: { id: 'read-bad', name: 'Read', input: { file_path: 'missing.txt' } } },
    { tool: { id: 'nope', name: 'Nope', input: { x: 1 } } },
  ],
  [{ tool: { id: 'agent', name: 'Agent', input: { description: 'Look around', prompt: 'Find a.txt and say what it holds.' } } }],
  [{ text: 'Looking.' }, { tool: { id: 'sub-read', name: 'Read', input: { file_path: 'a.txt' } } }],
  [{ text: 'It holds one line.\nhello' }],
  [{ tool: { id: 'ask', name: 'AskUserQuestion', input: { questions: [colour] } } }],
  [{ tool: { id: 'write', name: 'Write', input: { file_path: 'b.txt', content: 'blue\n' } } }],
  [{ text: 'All done.' }],
  new Error('The API is down.'),
];

function chatOn(deps: ReturnType<typeof agentDeps>, ids: string) {
  return new ChatSession({
    agent: {
      ...deps,
      tools,
      decider: allowAll,
      toolPorts: {
        ...deps.toolPorts,
        questions: { ask: async () => ({ kind: 'answered', answers: [{ question: colour.question, selected: ['Blue'] }] }) },
        planApproval: { approve: async () => ({ kind: 'approved', mode: 'acceptEdits' }) },
      },
    },
    credentials: keyed,
    log: new RecordingLogger(),
    newId: sequentialIds(ids),
  });
}

/** Message ids are new on resume and a sub-agent's clock starts when it is first heard of: the rest must be equal. */
function comparable(entries: ChatEntry[]): unknown[] {
  return entries.map((e, i) => (e.role === 'tool' ? { ...e, ...(e.agent ? { agent: { ...e.agent, startedAt: 0 } } : {}) } : { ...e, id: i }));
}

const toolRow = (entries: ChatEntry[], id: string) => entries.find((e): e is ToolEntry => e.role === 'tool' && e.id === id);

describe('chat/replay', () => {
  it('resumes a session with every row the live chat showed: tools, errors, a sub-agent, a plan and a question', async () => {
    const deps = agentDeps(new BlockModel([...SCRIPT]));
    writeFileSync(path.join(deps.cwd, 'a.txt'), 'hello\n');
    const live = chatOn(deps, 'live');
    await live.send('paint the button');
    await live.send('again');
    const shown = live.allEntries();

    const resumed = chatOn(deps, 'resumed');
    expect(await resumed.sessions.resume(live.sessionId)).toEqual([]);
    const entries = resumed.allEntries();
    expect(ChatEntrySchema.array().parse(entries)).toEqual(entries);
    expect(comparable(entries)).toEqual(comparable(shown));

    // And what that is, row by row.
    expect(entries.map((e) => (e.role === 'tool' ? `${e.name}:${e.status}` : e.role === 'notice' ? `notice:${e.text}` : `${e.role}:${e.status}:${e.text}`))).toEqual([
      'user:done:paint the button',
      'assistant:done:Planning first.',
      'EnterPlanMode:done',
      'ExitPlanMode:done',
      'assistant:done:Reading.',
      'Read:done',
      'Read:error',
      'Nope:error',
      'Agent:done',
      'AskUserQuestion:done',
      'Write:done',
      'assistant:done:All done.',
      'user:done:again',
      'assistant:error:',
    ]);
    expect(entries[4]).toMatchObject({ thinking: 'Read it, and the file that is not there.' });
    expect(toolRow(entries, 'read-ok')).toMatchObject({ input: { file_path: 'a.txt' }, summary: 'a.txt', result: { data: { kind: 'read', startLine: 1, endLine: 1 } } });
    expect(toolRow(entries, 'read-bad')?.result?.text).toContain('does not exist');
    expect(toolRow(entries, 'nope')).toMatchObject({ summary: null, result: { isError: true, text: expect.stringContaining('No such tool available: Nope') } });
    expect(toolRow(entries, 'plan-out')?.result?.data).toEqual({ kind: 'plan', plan: PLAN, outcome: 'approved', mode: 'acceptEdits' });
    expect(toolRow(entries, 'ask')?.result?.data).toEqual({ kind: 'questions', declined: false, items: [{ question: colour.question, header: 'Colour', selected: ['Blue'] }] });
    expect(toolRow(entries, 'write')?.result?.data).toMatchObject({ kind: 'diff', created: true, hunks: [{ lines: ['+blue'] }] });
    const agent = toolRow(entries, 'agent');
    expect(agent?.agent).toMatchObject({ agentType: 'general-purpose', description: 'Look around', toolUses: 1, latestText: 'hello' });
    expect(agent?.agent?.children).toEqual([{ toolUseId: 'sub-read', toolName: 'Read', summary: 'a.txt', status: 'done' }]);
    expect(agent?.result?.data).toMatchObject({ kind: 'agent', status: 'completed', report: 'It holds one line.\nhello' });
    expect(entries.at(-1)).toMatchObject({ role: 'assistant', status: 'error', error: expect.stringContaining('The API is down.') });
  });

  it('rebuilds the rows of a transcript written before records existed from its messages and the sub-agent transcript', async () => {
    const storage = new Map([['agents/aexplore-0123456789abcdef.jsonl', subAgentTranscript()]]);
    const entries = await replaySession(OLD_TIMELINE, { tools, cwd: '/ws', newId: sequentialIds('r'), readStored: async (file) => storage.get(file) });
    expect(entries.map((e) => (e.role === 'tool' ? `${e.name}:${e.status}:${e.summary}` : `${e.role}:${e.text}`))).toEqual([
      'user:look',
      'assistant:',
      'Read:done:a.txt',
      'Agent:done:Scan',
      'assistant:Done.',
    ]);
    const agent = toolRow(entries, 'ag');
    expect(agent?.agent).toMatchObject({ agentId: 'aexplore-0123456789abcdef', agentType: 'Explore', model: 'claude-test', tokens: 17, elapsedMs: 2500, toolUses: 1, latestText: 'Nothing else.' });
    expect(agent?.agent?.children).toEqual([{ toolUseId: 's1', toolName: 'Read', summary: 'b.txt', status: 'error' }]);
    // Without the tool's output the Read row keeps its text; nothing was read again.
    expect(toolRow(entries, 'r1')?.result).toEqual({ isError: false, text: '1\thello', truncated: false });
  });

  it('shows the text the live row showed, not the notes the loop appended to the stored result later', async () => {
    const timeline: TimelineItem[] = [
      ...OLD_TIMELINE.slice(0, 2),
      { kind: 'event', name: TOOL_RECORD, data: { toolUseId: 'r1', name: 'Read', summary: 'a.txt', activity: 'Reading a.txt', chars: 3, data: { kind: 'read', filePath: '/ws/a.txt' } } },
      { kind: 'message', uuid: 'u3', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: '1\thello\n\n<system-reminder>note</system-reminder>' }] } },
    ];
    const entries = await replaySession(timeline, { tools, cwd: '/elsewhere', newId: sequentialIds('r') });
    expect(toolRow(entries, 'r1')).toMatchObject({ summary: 'a.txt', activity: 'Reading a.txt', result: { text: '1\th', data: { kind: 'read', filePath: '/ws/a.txt' } } });
  });

  it('shows mail a round carried and how the turn ended, and hides what the loop itself sent inside a recorded turn', async () => {
    const timeline: TimelineItem[] = [
      { kind: 'message', uuid: 'p1', message: { role: 'user', content: 'go' } },
      { kind: 'message', uuid: 'a1', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/ws/a.txt' } }] } },
      {
        kind: 'message',
        uuid: 'u1',
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'r1', content: '1\thello' },
            { type: 'text', text: 'also check b' },
            { type: 'text', text: '<message from="helper" summary="hi">\nb is fine\n</message>' },
          ],
        },
      },
      { kind: 'message', uuid: 'a2', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } },
      { kind: 'message', uuid: 'm1', message: { role: 'user', content: 'A Stop hook says: keep going.' } },
      { kind: 'message', uuid: 'a3', message: { role: 'assistant', content: [{ type: 'text', text: 'fine' }] } },
      { kind: 'event', name: TURN_RECORD, data: { status: 'stopped', prompt: 'p1' } },
      { kind: 'message', uuid: 'p2', message: { role: 'user', content: 'next' } },
    ];
    const entries = await replaySession(timeline, { tools, cwd: '/ws', newId: sequentialIds('r') });
    expect(entries.map((e) => (e.role === 'tool' ? `${e.name}:${e.status}` : e.role === 'notice' ? `notice:${e.text}` : `${e.role}:${e.status}:${e.text}`))).toEqual([
      'user:done:go',
      'assistant:done:',
      'Read:done',
      'user:done:also check b',
      'user:done:Message from helper: b is fine',
      'assistant:stopped:ok\n\nfine',
      'user:done:next',
      'assistant:done:',
    ]);
  });

  it("shows a hook's message and the loop's notices where the live reply showed them", async () => {
    const deps = agentDeps(new BlockModel([[{ text: 'Done.' }]]));
    const { engine } = fakeEngine([hookOf('UserPromptSubmit', 'remind')], { remind: json({ systemMessage: 'Tests run on commit.' }) });
    const chat = (ids: string) => new ChatSession({ agent: { ...deps, tools, hooks: engine }, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds(ids) });
    const live = chat('live');
    await live.send('go');
    const shown = live.allEntries();
    // A notice row of its own, before the reply: plain text, not a quote in the reply's markdown.
    expect(shown.filter((e) => e.role !== 'assistant' || e.text !== '').map((e) => (e.role === 'tool' ? e.name : e.role === 'notice' ? `notice:${e.hookEvent}:${e.text}` : `${e.role}:${e.text}`))).toEqual([
      'user:go',
      'notice:UserPromptSubmit:Tests run on commit.',
      'assistant:Done.',
    ]);

    const resumed = chat('resumed');
    expect(await resumed.sessions.resume(live.sessionId)).toEqual([]);
    expect(comparable(resumed.allEntries())).toEqual(comparable(shown));

    const timeline: TimelineItem[] = [
      { kind: 'message', uuid: 'p1', message: { role: 'user', content: 'go' } },
      { kind: 'event', name: NOTE_RECORD, data: { text: 'claude-a is overloaded (3 times in a row): switched to the fallback model claude-b for the rest of this turn.' } },
      { kind: 'message', uuid: 'a1', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } },
      { kind: 'event', name: TURN_RECORD, data: { status: 'done', prompt: 'p1' } },
      { kind: 'event', name: NOTE_RECORD, data: { hookEvent: 'UserPromptSubmit', text: 'second prompt seen' } },
      { kind: 'event', name: NOTE_RECORD, data: { text: 42 } },
      { kind: 'message', uuid: 'p2', message: { role: 'user', content: 'next' } },
    ];
    const entries = await replaySession(timeline, { tools, cwd: '/ws', newId: sequentialIds('r') });
    expect(entries.filter((e) => e.role !== 'assistant' || e.text !== '').map((e) => (e.role === 'tool' ? e.name : e.role === 'notice' ? `notice:${e.hookEvent ?? ''}:${e.text}` : `${e.role}:${e.text}`))).toEqual([
      'user:go',
      'notice::claude-a is overloaded (3 times in a row): switched to the fallback model claude-b for the rest of this turn.',
      'assistant:ok',
      'user:next',
      'notice:UserPromptSubmit:second prompt seen',
    ]);
  });

  it('keeps the rows of a conversation forked by "Rewind to here" when the fork is resumed later', async () => {
    const deps = agentDeps(new BlockModel([...SCRIPT]));
    writeFileSync(path.join(deps.cwd, 'a.txt'), 'hello\n');
    const live = chatOn(deps, 'live');
    await live.send('paint the button');
    await live.send('again');
    const again = live.allEntries().find((e) => e.role === 'user' && e.text === 'again');
    expect(await live.sessions.forkBefore(again!.id, 'forked-session')).toBe('again');
    const kept = live.allEntries();
    expect(kept.at(-1)).toMatchObject({ role: 'assistant', text: 'All done.' });

    const resumed = chatOn(deps, 'resumed');
    expect(await resumed.sessions.resume('forked-session')).toEqual([]);
    expect(comparable(resumed.allEntries())).toEqual(comparable(kept));
    expect(toolRow(resumed.allEntries(), 'write')?.result?.data).toMatchObject({ kind: 'diff', created: true });
  });

  it('writes no record for a session that never stored a prompt, so History lists no empty session', async () => {
    const deps = agentDeps(new BlockModel([]));
    const chat = new ChatSession({ agent: { ...deps, tools }, credentials: keyless, log: new RecordingLogger(), newId: sequentialIds() });
    await chat.sessions.agentSession.recordEvent(TOOL_RECORD, { toolUseId: 'x' });
    await chat.send('hi');
    expect(chat.allEntries().at(-1)).toMatchObject({ status: 'error', error: expect.stringContaining('No API key') });
    expect(await listSessions(deps.transcripts)).toEqual([]);
  });
});

const OLD_TIMELINE: TimelineItem[] = [
  { kind: 'message', uuid: 'u1', message: { role: 'user', content: 'look' } },
  { kind: 'message', uuid: 'u2', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/ws/a.txt' } }] } },
  { kind: 'message', uuid: 'u3', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: '1\thello' }] } },
  {
    kind: 'message',
    uuid: 'u4',
    message: { role: 'assistant', content: [{ type: 'tool_use', id: 'ag', name: 'Agent', input: { description: 'Scan', prompt: 'scan', subagent_type: 'Explore' } }] },
  },
  {
    kind: 'message',
    uuid: 'u5',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'ag', content: 'Nothing else.\n\nagentId: aexplore-0123456789abcdef (Explore; tool uses: 1, tokens: 17, duration: 2.5s)' }],
    },
  },
  { kind: 'message', uuid: 'u6', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } },
];

function subAgentTranscript(): string {
  const lines = [
    { type: 'agent', agentId: 'aexplore-0123456789abcdef', agentType: 'Explore', description: 'Scan', model: 'claude-test', sessionId: 's', cwd: '/ws', startedAt: '2026-01-01T00:00:00.000Z' },
    { type: 'message', message: { role: 'user', content: 'scan' } },
    { type: 'message', message: { role: 'assistant', content: [{ type: 'tool_use', id: 's1', name: 'Read', input: { file_path: '/ws/b.txt' } }] } },
    { type: 'message', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 's1', content: 'File does not exist.', is_error: true }] } },
    { type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'Nothing else.' }] } },
    { type: 'end', status: 'completed', toolUses: 1, durationMs: 2500, usage: { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 2, cacheCreationInputTokens: 0 } },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}
