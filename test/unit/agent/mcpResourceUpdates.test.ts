/**
 * AgentSession and MCP resource updates (core/engines/mcp/resourceWatch.ts): a resource the model read is held
 * subscribed for the session; when its server says it changed, the model is told with its next request, inside
 * the round's tool result mid-turn or after the next prompt; the session's end releases the subscription.
 */
import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { ReadMcpResourceTool } from '../../../extension/tools/ReadMcpResourceTool/ReadMcpResourceTool';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { fakeHub, tool } from '../core/mcp/fakeHub';
import { agentDeps, sequentialIds } from '../support';
import { clientFor, useFakeAnthropic } from './queryHarness';

type Body = { messages: { role: string; content: unknown }[] };
const lastMessage = (body: unknown) => JSON.stringify((body as Body).messages.at(-1));

async function drain(gen: AsyncGenerator<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of gen) events.push(e);
  return events;
}

describe('AgentSession: MCP resource updates', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  function setup() {
    const hub = fakeHub([
      {
        name: 'notes',
        tools: [tool('touch')],
        contents: { 'memo://note': [{ uri: 'memo://note', text: 'first' }] },
        results: {
          // The server changes the resource while the call runs, and says so.
          touch: () => {
            hub.updated('notes', 'memo://note');
            return { content: [{ type: 'text', text: 'touched' }] };
          },
        },
      },
    ]);
    // Loaded from the start: the test is about the note, not about ToolSearch.
    const read = { ...ReadMcpResourceTool, shouldDefer: false };
    const agent = new AgentSession({
      ...agentDeps(clientFor(fake)),
      tools: [read],
      mcp: hub,
      newId: sequentialIds(),
      decider: async (_tool, input) => ({ behavior: 'allow', updatedInput: input }),
    });
    return { hub, agent };
  }

  it('subscribes to what the model read, and tells it after the next prompt once the server updated it', async () => {
    const { hub, agent } = setup();
    fake.setScript([toolUseTurn('ReadMcpResourceTool', { server: 'notes', uri: 'memo://note' }), textTurn('read it'), textTurn('noted')]);
    await drain(agent.runTurn('read the note'));
    expect(hub.subscriptions).toEqual(['notes memo://note']);
    hub.updated('notes', 'memo://note');
    await drain(agent.runTurn('anything new?'));
    const sent = lastMessage(fake.requests[2]!.body);
    expect(sent).toContain('anything new?');
    expect(sent).toContain('<system-reminder>');
    expect(sent).toContain('memo://note (MCP server \\"notes\\")');
    await agent.dispose();
    expect(hub.subscriptions).toEqual([]);
  });

  it('tells the model in the same turn when a call changed a resource it read', async () => {
    const { hub, agent } = setup();
    fake.setScript([
      toolUseTurn('ReadMcpResourceTool', { server: 'notes', uri: 'memo://note' }),
      toolUseTurn('mcp__notes__touch', { q: 'x' }),
      textTurn('done'),
      textTurn('again'),
    ]);
    await drain(agent.runTurn('read, then touch'));
    expect(lastMessage(fake.requests[1]!.body)).not.toContain('<system-reminder>');
    const afterTouch = lastMessage(fake.requests[2]!.body);
    expect(afterTouch).toContain('touched');
    expect(afterTouch).toMatch(/"type":"tool_result".*touched.*system-reminder/);
    // Told once: the next turn carries no note.
    await drain(agent.runTurn('next'));
    expect(lastMessage(fake.requests[3]!.body)).not.toContain('<system-reminder>');
    expect(hub.subscriptions).toEqual(['notes memo://note']);
    await agent.dispose();
  });

  it('says nothing about resources the session never read', async () => {
    const { hub, agent } = setup();
    fake.setScript([textTurn('one'), textTurn('two')]);
    await drain(agent.runTurn('first'));
    hub.updated('notes', 'memo://note');
    await drain(agent.runTurn('second'));
    expect(lastMessage(fake.requests[1]!.body)).not.toContain('<system-reminder>');
    await agent.dispose();
  });
});
