import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createMailbox, MAIN_AGENT_NAME, type Inbox, type Mailbox } from '../../../extension/core/contracts/mailbox';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import type { SpawnedAgent } from '../../../extension/core/contracts/agents';
import type { AgentId } from '../../../extension/core/base/ids';
import { toolResultText, type Message } from '../../../extension/core/base/messages';
import type { LocalAgentTaskState } from '../../../extension/core/engines/tasks/localAgent';
import { taskRegistry } from '../../../extension/core/engines/tasks/registry';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { taskViews } from '../../../extension/conversation/history';
import { SendMessageTool } from '../../../extension/tools/SendMessage/SendMessage';
import { ToolSearchTool } from '../../../extension/tools/ToolSearch/ToolSearch';
import { clientFor, MODEL } from '../agent/queryHarness';
import { until } from '../support';
import { allowAll, assistantWith, makeContext, toolUse } from '../tool/fixtures';
import { isSubAgentRequest, useFake, type Route } from './harness';

/** The session's mailbox, counting the arrival listeners each inbox has live (a wait must remove its own). */
function countingMailbox(): { mailbox: Mailbox; listeners: Map<string, number> } {
  const real = createMailbox();
  const listeners = new Map<string, number>();
  const mailbox: Mailbox = {
    ...real,
    register(agent) {
      const inbox = real.register(agent);
      const key = agent.name ?? agent.agentId;
      return {
        ...inbox,
        onMail(listener) {
          listeners.set(key, (listeners.get(key) ?? 0) + 1);
          const off = inbox.onMail(listener);
          return () => {
            listeners.set(key, (listeners.get(key) ?? 0) - 1);
            return off();
          };
        },
      } satisfies Inbox;
    },
  };
  return { mailbox, listeners };
}

/** A sub-agent request's user turns, as the text the model got. */
function userTexts(messages: readonly Message[]): string[] {
  return messages.filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => (b.type === 'text' ? b.text : '')).join('')));
}

/** Each teammate request is answered "reply N", N its count of user turns. */
const replyRoute: Route = (req) => {
  if (!isSubAgentRequest(req)) return { content: [{ type: 'text', text: 'not for the lead' }] };
  return { content: [{ type: 'text', text: `reply ${userTexts(req.body.messages as Message[]).length}` }] };
};

describe('a teammate', () => {
  const { fake, router } = useFake();

  function setUp(maxTeammateTurns?: number) {
    const { mailbox, listeners } = countingMailbox();
    // SendMessage is deferred: ToolSearch comes with it, as in every session, and the main agent has loaded it.
    const parent = makeContext([SendMessageTool, ToolSearchTool], { mailbox, discoveredToolNames: new Set([SendMessageTool.name]) });
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    const main = mailbox.register({ agentId: MAIN_AGENT_NAME as AgentId, name: MAIN_AGENT_NAME });
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }), ...(maxTeammateTurns ? { maxTeammateTurns } : {}) });
    const start = () => spawn({ agentType: 'general-purpose', prompt: 'Check test A.', description: 'red: alice', name: 'alice', teamName: 'red', runInBackground: true, taskType: 'in_process_teammate' }, parent, allowAll);
    const task = (agent: SpawnedAgent) => parent.getAppState().tasks[agent.taskId!] as LocalAgentTaskState;
    const kill = (agent: SpawnedAgent) => taskRegistry.killTask(agent.taskId!, { getAppState: parent.getAppState, setAppState: parent.setAppState });
    /** Waits for the teammate's next report in main's inbox, then for it to be idle. */
    const nextReport = async (agent: SpawnedAgent) => {
      await until(() => main.waiting() > 0 && task(agent).idle === true, 5000);
      return main.take();
    };
    return { parent, mailbox, listeners, main, start, task, kill, nextReport };
  }

  it("sends its turn's reply to main as mail, then waits idle with its task running", async () => {
    router.route = replyRoute;
    const t = setUp();
    const agent = await t.start();
    expect(await t.nextReport(agent)).toEqual([{ from: 'alice', text: 'reply 1' }]);
    expect(t.task(agent)).toMatchObject({ status: 'running', idle: true, notified: false });
    expect(taskViews(t.parent.getAppState().tasks)[0]!.detail).toMatch(/^alice \(general-purpose\) · .* tool uses · idle$/);
    expect(t.mailbox.list().map((a) => a.name)).toEqual([MAIN_AGENT_NAME, 'alice']);
    expect(t.listeners.get('alice')).toBe(1);
    await t.kill(agent);
    await agent.result;
  });

  it('takes a SendMessage as the next turn of the same conversation, and reports again', async () => {
    router.route = replyRoute;
    const t = setUp();
    const agent = await t.start();
    await t.nextReport(agent);
    fake.requests.length = 0;

    const block = toolUse('SendMessage', { to: 'alice', message: 'Now check test B.', summary: 'next' });
    const sent = await executeToolUse({ block, assistantMessage: assistantWith(block), context: t.parent, canUseTool: allowAll });
    expect(toolResultText(sent.result.content)).not.toMatch(/No running agent/);

    expect(await t.nextReport(agent)).toEqual([{ from: 'alice', text: 'reply 2' }]);
    const messages = fake.requests.filter((r) => JSON.stringify(r.body.system).includes('# You are a sub-agent')).at(-1)!.body.messages as Message[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(userTexts(messages)[0]).toBe('Check test A.');
    expect(JSON.stringify(messages[1])).toContain('reply 1');
    expect(userTexts(messages)[1]).toBe('<message from="main" summary="next">\nNow check test B.\n</message>');
    expect(t.task(agent)).toMatchObject({ status: 'running', idle: true });

    // A third turn by a plain post to its name; one arrival listener at a time, none left between turns.
    t.mailbox.post('alice', { from: 'bob', text: 'And C.' });
    expect(await t.nextReport(agent)).toEqual([{ from: 'alice', text: 'reply 3' }]);
    expect(t.listeners.get('alice')).toBe(1);
    await t.kill(agent);
    expect((await agent.result).messages).toHaveLength(6);
  });

  it('killed while idle, ends killed, closes its inbox and leaves no listener', async () => {
    router.route = replyRoute;
    const t = setUp();
    const agent = await t.start();
    await t.nextReport(agent);
    expect((await t.kill(agent)).kind).toBe('killed');
    expect(t.mailbox.post('alice', { from: 'main', text: 'too late' })).toBe(false);
    const result = await agent.result;
    expect(result.status).toBe('killed');
    expect(t.task(agent)).toMatchObject({ status: 'killed', notified: true });
    expect(t.task(agent).idle).toBeFalsy();
    expect(t.listeners.get('alice')).toBe(0);
    expect(t.mailbox.post('alice', { from: 'main', text: 'still there?' })).toBe(false);
    expect(t.mailbox.list().map((a) => a.name)).toEqual([MAIN_AGENT_NAME]);
    expect(t.main.waiting()).toBe(0);
  });

  it('ends failed when a turn fails, and does not report it as mail', async () => {
    router.route = (req) => {
      const turns = userTexts(req.body.messages as Message[]).length;
      return turns === 1 ? { content: [{ type: 'text', text: 'reply 1' }] } : { fault: { kind: 'http', status: 400, message: 'bad request' } };
    };
    const t = setUp();
    const agent = await t.start();
    await t.nextReport(agent);
    t.mailbox.post('alice', { from: 'main', text: 'Go on.' });
    const result = await agent.result;
    expect(result.status).toBe('failed');
    expect(result.report).toMatch(/^The agent failed: .*bad request/);
    expect(t.task(agent)).toMatchObject({ status: 'failed', notified: false });
    expect(t.main.waiting()).toBe(0);
    expect(t.mailbox.post('alice', { from: 'main', text: 'x' })).toBe(false);
  });

  it('ends completed at its turn cap, with a note, its last reply going with the task notification', async () => {
    router.route = replyRoute;
    const t = setUp(2);
    const agent = await t.start();
    expect(await t.nextReport(agent)).toEqual([{ from: 'alice', text: 'reply 1' }]);
    t.mailbox.post('alice', { from: 'main', text: 'Once more.' });
    const result = await agent.result;
    expect(result.status).toBe('completed');
    expect(result.report).toBe('reply 2\n\n(The teammate reached its limit of 2 turns and stopped.)');
    expect(t.task(agent)).toMatchObject({ status: 'completed', report: result.report, notified: false });
    expect(t.main.waiting()).toBe(0);
    expect(t.listeners.get('alice')).toBe(0);
  });

  it('a local_agent still ends with its first turn', async () => {
    router.route = replyRoute;
    const t = setUp();
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const agent = await spawn({ agentType: 'general-purpose', prompt: 'p', description: 'bg', name: 'solo', runInBackground: true }, t.parent as ToolUseContext, allowAll);
    expect((await agent.result).status).toBe('completed');
    expect(t.task(agent)).toMatchObject({ type: 'local_agent', status: 'completed', report: 'reply 1' });
    expect(t.main.waiting()).toBe(0);
  });
});
