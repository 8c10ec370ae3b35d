import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import type { HookEngine } from '../../../extension/core/engines/hooks/engine';
import type { Message } from '../../../extension/core/base/messages';
import { agentDeps, ScriptedModel, sequentialIds, until } from '../support';
import { fakeEngine, hookOf, json } from './support';

function session(model: ScriptedModel, hooks: HookEngine, extra: Partial<ConstructorParameters<typeof AgentSession>[0]> = {}) {
  return new AgentSession({ ...agentDeps(model), newId: sequentialIds('s'), hooks, ...extra });
}

async function turn(s: AgentSession, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of s.runTurn(prompt)) events.push(e);
  return events;
}

const textOf = (m: Message) => (typeof m.content === 'string' ? m.content : m.content.map((b) => ('text' in b ? b.text : '')).join('\n'));

describe('UserPromptSubmit hooks', () => {
  it('block the prompt: nothing is sent or stored, and the user sees why', async () => {
    const model = new ScriptedModel([['never']]);
    const { engine, runner } = fakeEngine([hookOf('UserPromptSubmit', 'policy')], { policy: { exitCode: 2, stderr: 'no secrets in prompts' } });
    const s = session(model, engine);
    const events = await turn(s, 'my password is hunter2');
    expect(model.requests).toHaveLength(0);
    expect(s.history).toEqual([]);
    expect(events.find((e) => e.type === 'error')).toMatchObject({ message: expect.stringContaining('no secrets in prompts') });
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'error' });
    expect(runner.runs[0]!.stdin).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'my password is hunter2', cwd: expect.any(String), session_id: s.sessionId });
  });

  it('add context: additionalContext and plain stdout reach the model with the prompt', async () => {
    const model = new ScriptedModel([['ok']]);
    const { engine } = fakeEngine([hookOf('UserPromptSubmit', 'ctx'), hookOf('UserPromptSubmit', 'date'), hookOf('SessionStart', 'start')], {
      ctx: json({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'The sprint ends Friday.' } }),
      date: { stdout: 'Today is Monday.' },
      start: json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Branch: main' } }),
    });
    await turn(session(model, engine), 'plan the week');
    const sent = textOf(model.requests[0]!.messages[0]!);
    expect(sent).toContain('plan the week');
    expect(sent).toContain('The sprint ends Friday.');
    expect(sent).toContain('Today is Monday.');
    expect(sent).toContain('Branch: main');
  });

  it('SessionStart fires on the first turn only', async () => {
    const model = new ScriptedModel([['a'], ['b']]);
    const { engine, runner } = fakeEngine([hookOf('SessionStart', 'start')], {});
    const s = session(model, engine);
    await turn(s, 'one');
    await turn(s, 'two');
    expect(runner.runs.map((r) => r.stdin)).toEqual([expect.objectContaining({ hook_event_name: 'SessionStart', source: 'startup' })]);
  });
});

describe('Stop hooks', () => {
  it('keep the turn going once with the reason, then let it end (stop_hook_active the second time)', async () => {
    const model = new ScriptedModel([['done?'], ['now done']]);
    const { engine, runner } = fakeEngine([hookOf('Stop', 'tests')], {
      tests: (stdin) => (stdin.stop_hook_active ? {} : json({ decision: 'block', reason: 'Run the tests first.' })),
    });
    const s = session(model, engine);
    const events = await turn(s, 'fix it');
    expect(model.requests).toHaveLength(2);
    expect(textOf(model.requests[1]!.messages.at(-1)!)).toContain('Run the tests first.');
    expect(runner.runs.map((r) => r.stdin.stop_hook_active)).toEqual([false, true]);
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
  });

  it('a hook that always blocks is cut off after a bounded number of continuations', async () => {
    const model = new ScriptedModel(Array.from({ length: 20 }, () => ['again']));
    const { engine } = fakeEngine([hookOf('Stop', 'forever')], { forever: { exitCode: 2, stderr: 'keep going' } });
    await turn(session(model, engine), 'go');
    expect(model.requests).toHaveLength(9);
  });
});

describe('SessionEnd and Notification hooks', () => {
  it('SessionEnd runs when a started session is disposed', async () => {
    const { engine, runner } = fakeEngine([hookOf('SessionEnd', 'bye')], {});
    const s = session(new ScriptedModel([['hi']]), engine);
    await turn(s, 'hello');
    await s.dispose();
    expect(runner.runs.map((r) => r.stdin)).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other' })]);
  });

  it('Notification hears when the session waits for the user', async () => {
    const { engine, runner } = fakeEngine([hookOf('Notification', 'ping')], {});
    const s = session(new ScriptedModel([['hi']]), engine, { idleNotificationMs: 20 });
    await turn(s, 'hello');
    await until(() => runner.runs.length > 0);
    expect(runner.runs[0]!.stdin).toMatchObject({ hook_event_name: 'Notification', message: expect.stringContaining('waiting for your input') });
    await s.dispose();
  });
});

describe('SubagentStop hooks', () => {
  it('run instead of Stop in a sub-agent context and can send it back to work', async () => {
    const { stopHooks } = await import('../../../extension/core/engines/hooks/sessionHooks');
    const { makeContext } = await import('../tool/fixtures');
    const { engine, runner } = fakeEngine([hookOf('Stop', 'main'), hookOf('SubagentStop', 'sub')], { sub: { exitCode: 2, stderr: 'report the file list too' } });
    const context = makeContext([], { subAgent: { agentId: 'a-1' as never, agentType: 'Explore', description: 'look' } });
    context.options.hooks = engine;
    const gen = stopHooks(context, false);
    let next = await gen.next();
    while (!next.done) next = await gen.next();
    expect(next.value).toContain('report the file list too');
    expect(runner.runs.map((r) => r.command)).toEqual(['sub']);
  });
});
