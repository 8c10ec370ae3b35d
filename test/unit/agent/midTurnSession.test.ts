/** AgentSession's mailbox and interrupt (docs/ARCHITECTURE.md, Mid-turn messages) against the fake API. */
import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { MAIN_AGENT_NAME } from '../../../extension/core/contracts/mailbox';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { agentDeps, sequentialIds } from '../support';
import { sleeperTool } from '../tool/fixtures';
import { clientFor, useFakeAnthropic } from './queryHarness';

type Body = { messages: { role: string; content: string | { type: string; text?: string; content?: unknown }[] }[] };
const lastUser = (body: unknown) => (body as Body).messages.at(-1)!;
const texts = (content: Body['messages'][number]['content']) => (typeof content === 'string' ? [content] : content.flatMap((b) => (b.type === 'text' ? [b.text!] : [])));

function session(fake: Parameters<typeof clientFor>[0], tools = [sleeperTool({ name: 'Slow', safe: false, interrupt: 'cancel' })]) {
  const deps = agentDeps(clientFor(fake));
  return { agent: new AgentSession({ ...deps, tools: tools.map((t) => t.tool), newId: sequentialIds() }), tools };
}

async function drain(gen: AsyncGenerator<AgentEvent>, onEvent: (e: AgentEvent) => void = () => {}): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of gen) {
    events.push(e);
    onEvent(e);
  }
  return events;
}

describe('AgentSession mailbox', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('registers the main agent as "main" and puts the mailbox on the tool context', () => {
    const { agent } = session(fake);
    expect(agent.mailbox.list()).toEqual([expect.objectContaining({ name: MAIN_AGENT_NAME })]);
    expect(agent.toolContext().mailbox).toBe(agent.mailbox);
  });

  it('sends a message that arrived between turns with the next prompt', async () => {
    fake.setScript([textTurn('noted')]);
    const { agent } = session(fake);
    expect(agent.mailbox.post(MAIN_AGENT_NAME, { from: 'alice', text: 'A is fixed' })).toBe(true);
    await drain(agent.runTurn('status?'));
    expect(texts(lastUser(fake.requests[0]!.body).content)).toEqual(['status?', '<message from="alice">\nA is fixed\n</message>']);
    expect(JSON.stringify(agent.history[0])).toContain('A is fixed');
  });

  it('sends a message posted while a tool runs with that round results', async () => {
    fake.setScript([toolUseTurn('Slow', { ms: 100, label: 's' }), textTurn('ok')]);
    const { agent } = session(fake);
    await drain(agent.runTurn('go'), (e) => {
      if (e.type === 'tool' && e.event.type === 'toolStarted') agent.mailbox.post('main', { from: 'bob', text: 'B done', summary: 'B' });
    });
    const content = lastUser(fake.requests[1]!.body).content as { type: string }[];
    expect(content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(texts(content)).toEqual(['<message from="bob" summary="B">\nB done\n</message>']);
  });

  it('an interrupt while the model streams does not cancel the round that follows', async () => {
    fake.setScript([toolUseTurn('Slow', { ms: 100, label: 's' }), textTurn('ok')]);
    const { agent, tools } = session(fake);
    await drain(agent.runTurn('go'), (e) => {
      if (e.type === 'requestStart') agent.interrupt();
    });
    expect(tools[0]!.log).toEqual(['start s', 'end s']);
  });

  it('an interrupt during a round cancels its cancel tools, and the next round is armed afresh', async () => {
    fake.setScript([toolUseTurn('Slow', { ms: 20_000, label: 'a' }), toolUseTurn('Slow', { ms: 50, label: 'b' }), textTurn('ok')]);
    const { agent, tools } = session(fake);
    let interrupted = false;
    await drain(agent.runTurn('go'), (e) => {
      if (!interrupted && e.type === 'tool' && e.event.type === 'toolStarted') {
        interrupted = true;
        // Interrupt once the tool is running (toolStarted comes just before its call begins).
        void (async () => {
          while (!tools[0]!.log.includes('start a')) await new Promise((r) => setTimeout(r, 5));
          agent.interrupt();
        })();
      }
    });
    expect(tools[0]!.log).toEqual(['start a', 'start b', 'end b']);
    expect(JSON.stringify(lastUser(fake.requests[1]!.body))).toContain('Interrupted by the user with a new message');
  });
});
