/**
 * An idle chat starts a turn on its own when background work ends or mail reaches the main agent
 * (docs/ARCHITECTURE.md, Background tasks), through the chat, the real loop and a scripted model.
 */
import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import type { LocalAgentTaskState } from '../../../extension/core/engines/tasks/localAgent';
import { z } from 'zod';
import { buildTool } from '../../../extension/core/contracts/tool';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds, until, type ScriptedToolUse } from '../support';

const DELAY = 40;
const settle = () => new Promise((r) => setTimeout(r, DELAY * 5));

function agentTask(id: string, over: Partial<LocalAgentTaskState> = {}): LocalAgentTaskState {
  return {
    id,
    type: 'local_agent',
    status: 'running',
    description: `Search ${id}`,
    agentId: `agent-${id}`,
    agentType: 'general-purpose',
    model: 'claude-test',
    startTime: 1,
    outputFile: `/tmp/${id}.output`,
    outputOffset: 0,
    notified: false,
    progress: { toolUses: 0, tokens: 0 },
    ...over,
  };
}

/** A tool that runs `during` (here: a background task ends), then waits past the wake's debounce. */
function slowTool(during: () => void) {
  return buildTool({
    name: 'Work',
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 1_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    async description() {
      return 'Works a while';
    },
    async prompt() {
      return 'Works a while.';
    },
    async call() {
      during();
      await settle();
      return { data: 'worked' };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
}

function setup(replies: (string[] | ScriptedToolUse)[], opts: { during?: () => void; maxAutoTurns?: number } = {}) {
  const model = new ScriptedModel(replies);
  const during = { run: opts.during ?? (() => {}) };
  const chat = new ChatSession({
    agent: { ...agentDeps(model), tools: [slowTool(() => during.run())] },
    credentials: keyed,
    log: new RecordingLogger(),
    newId: sequentialIds('w'),
    wake: { delayMs: DELAY, ...(opts.maxAutoTurns ? { maxAutoTurns: opts.maxAutoTurns } : {}) },
  });
  const agent = chat.sessions.agentSession;
  const put = (task: LocalAgentTaskState) => agent.appState.setState((s) => ({ ...s, tasks: { ...s.tasks, [task.id]: task } }));
  const finish = (id: string, report: string) => put({ ...agentTask(id), status: 'completed', endTime: 2, report });
  const sent = (i: number) => JSON.stringify(model.requests[i]!.messages);
  return { model, chat, agent, put, finish, sent, during };
}

describe('an idle chat wakes for what waits for the main agent', () => {
  it('starts one turn when a background agent completes, and its request carries the notification', async () => {
    const { model, chat, agent, put, finish, sent } = setup([['Read the report.']]);
    put(agentTask('a1'));
    finish('a1', 'The bug is in parser.ts');
    await until(() => model.requests.length === 1 && !chat.busy);
    expect(chat.messages().map((m) => m.text)).toEqual(['Task "Search a1" completed.', 'Read the report.']);
    expect(sent(0)).toContain('<task-notification>\\n<task-id>a1</task-id>\\n<status>completed</status>');
    expect(sent(0)).toContain('<result>The bug is in parser.ts</result>');
    expect(agent.appState.getState().tasks['a1']?.notified).toBe(true);
    await settle();
    expect(model.requests).toHaveLength(1);
  });

  it('starts a turn for mail to main, carrying the message, and shows it', async () => {
    const { model, chat, agent, sent } = setup([['Thanks, alice.']]);
    agent.mailbox.post('main', { from: 'alice', text: 'Found it in parser.ts', summary: 'found it' });
    await until(() => model.requests.length === 1 && !chat.busy);
    expect(sent(0)).toContain('<message from=\\"alice\\" summary=\\"found it\\">\\nFound it in parser.ts\\n</message>');
    expect(chat.messages().map((m) => m.text)).toEqual(['Message from alice: Found it in parser.ts', 'Thanks, alice.']);
    expect(agent.waitingMail()).toBe(0);
  });

  it('makes one turn of two endings within the debounce, and none for a sub-agent\'s own task', async () => {
    const { model, chat, put, finish, sent } = setup([['Both done.']]);
    put(agentTask('a1'));
    put(agentTask('a2'));
    put({ ...agentTask('s1', { ownerAgentId: 'agent-a1' }), status: 'completed', endTime: 1 });
    finish('a1', 'one');
    await new Promise((r) => setTimeout(r, DELAY / 4));
    finish('a2', 'two');
    await until(() => model.requests.length === 1 && !chat.busy);
    expect(sent(0)).toContain('<task-id>a1</task-id>');
    expect(sent(0)).toContain('<task-id>a2</task-id>');
    expect(sent(0)).not.toContain('<task-id>s1</task-id>');
    expect(chat.messages()[0]!.text).toBe('Task "Search a1" completed. Task "Search a2" completed.');
    await settle();
    expect(model.requests).toHaveLength(1);
  });

  it('starts nothing while a turn runs: the ending goes out at the turn\'s tool boundary', async () => {
    const { model, chat, put, finish, sent, during } = setup([{ tool: 'Work', input: {} }, ['Noted.']]);
    put(agentTask('a1'));
    during.run = () => finish('a1', 'done meanwhile');
    await chat.submit('work a while');
    expect(model.requests).toHaveLength(2);
    expect(sent(0)).not.toContain('<task-id>a1</task-id>');
    expect(sent(1)).toContain('<task-id>a1</task-id>');
    await settle();
    expect(model.requests).toHaveLength(2);
    expect(chat.messages().map((m) => m.text).filter(Boolean)).toEqual(['work a while', 'Noted.']);
  });

  it('wakes nothing for a task the user stopped (it is marked notified)', async () => {
    const { model, chat, agent, put } = setup([]);
    const abort = new AbortController();
    put(agentTask('a1', { abortController: abort }));
    await chat.feeds.stopTask('a1');
    expect(agent.appState.getState().tasks['a1']).toMatchObject({ status: 'killed', notified: true });
    expect(abort.signal.aborted).toBe(true);
    await settle();
    expect(model.requests).toHaveLength(0);
  });

  it('stops after the limit of automatic turns in a row, says so, and the user\'s next prompt carries what waits', async () => {
    const { model, chat, agent, sent } = setup([['r1'], ['r2'], ['r3'], ['Stopping.']], { maxAutoTurns: 3 });
    let replies = 0;
    // alice answers every turn of main's, as two agents writing to each other would.
    chat.onEvent((e) => e.type === 'busyChanged' && !e.busy && replies < 3 && agent.mailbox.post('main', { from: 'alice', text: `ping ${++replies}` }));
    agent.mailbox.post('main', { from: 'alice', text: 'ping 0' });
    await until(() => chat.messages().at(-1)?.text.startsWith('Paused') === true);
    expect(model.requests).toHaveLength(3);
    expect(chat.messages().at(-1)!.text).toContain('3 turns in a row');
    await settle();
    expect(model.requests).toHaveLength(3);
    await chat.submit('enough');
    expect(model.requests).toHaveLength(4);
    expect(sent(3)).toContain('ping 3');
    expect(sent(3)).toContain('enough');
  });

  it('does not wake a chat that was disposed, or the session it replaced', async () => {
    const { model, chat, agent, put, finish } = setup([]);
    put(agentTask('a1'));
    finish('a1', 'late');
    chat.sessions.reset();
    agent.mailbox.post('main', { from: 'alice', text: 'to the old session' });
    await settle();
    expect(model.requests).toHaveLength(0);
    const next = chat.sessions.agentSession;
    await chat.dispose();
    next.mailbox.post('main', { from: 'alice', text: 'after dispose' });
    await settle();
    expect(model.requests).toHaveLength(0);
  });
});
