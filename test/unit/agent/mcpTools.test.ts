/** AgentSession with an MCP hub: the servers' tools are offered and called, and a changed list counts from the next request. */
import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { fakeHub, tool } from '../core/mcp/fakeHub';
import { agentDeps, sequentialIds } from '../support';
import { clientFor, useFakeAnthropic } from './queryHarness';

type Body = { tools?: { name: string }[]; messages: { role: string; content: unknown }[] };
const toolNames = (body: unknown) => ((body as Body).tools ?? []).map((t) => t.name);

async function drain(gen: AsyncGenerator<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of gen) events.push(e);
  return events;
}

describe('AgentSession: MCP tools', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  function session(hub: ReturnType<typeof fakeHub>) {
    const deps = agentDeps(clientFor(fake));
    return new AgentSession({
      ...deps,
      mcp: hub,
      newId: sequentialIds(),
      decider: async (_tool, input) => ({ behavior: 'allow', updatedInput: input }),
    });
  }

  it('offers the servers tools, calls one, and puts the hub on the tool ports', async () => {
    const hub = fakeHub([{ name: 'docs', tools: [tool('search')] }]);
    fake.setScript([toolUseTurn('mcp__docs__search', { q: 'cache' }), textTurn('found')]);
    const agent = session(hub);
    await drain(agent.runTurn('look it up'));
    expect(toolNames(fake.requests[0]!.body)).toEqual(['mcp__docs__search']);
    expect(hub.calls).toEqual([{ server: 'docs', tool: 'search', args: { q: 'cache' } }]);
    expect(JSON.stringify((fake.requests[1]!.body as Body).messages.at(-1))).toContain('search: {\\"q\\":\\"cache\\"}');
    // The session's view of the hub (reads keep their resource subscribed, core/engines/mcp/resourceWatch.ts): the same servers.
    expect(agent.toolContext().ports.mcp?.servers()).toEqual(hub.servers());
    await agent.dispose();
  });

  it('a list_changed between turns: the next turn offers the new list, and its tool runs', async () => {
    const hub = fakeHub([{ name: 'docs', tools: [tool('search')] }]);
    const agent = session(hub);
    fake.setScript([textTurn('one'), toolUseTurn('mcp__docs__summarize', { q: 'x' }), textTurn('two')]);
    await drain(agent.runTurn('first'));
    hub.set([{ name: 'docs', tools: [tool('search'), tool('summarize')] }]);
    await drain(agent.runTurn('second'));
    expect(toolNames(fake.requests[0]!.body)).toEqual(['mcp__docs__search']);
    expect(toolNames(fake.requests[1]!.body)).toEqual(['mcp__docs__search', 'mcp__docs__summarize']);
    expect(hub.calls.map((c) => c.tool)).toEqual(['summarize']);
    expect(agent.toolContext().options.refreshTools?.().map((t) => t.name)).toEqual(['mcp__docs__search', 'mcp__docs__summarize']);
    await agent.dispose();
  });

  it('a list_changed during a round: the next request of the same turn offers the new tool, and it runs', async () => {
    const before = [tool('search'), tool('grow')];
    const hub = fakeHub([
      {
        name: 'docs',
        tools: before,
        results: {
          grow: () => {
            // The server adds a tool and notifies while the call is still answering (as `grow` of the test server does).
            hub.set([{ name: 'docs', tools: [...before, tool('grown')] }]);
            return { content: [{ type: 'text', text: 'added' }] };
          },
        },
      },
    ]);
    const agent = session(hub);
    fake.setScript([toolUseTurn('mcp__docs__grow', {}), toolUseTurn('mcp__docs__grown', { q: 'y' }), textTurn('done')]);
    const events = await drain(agent.runTurn('grow it'));
    expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
    expect(toolNames(fake.requests[0]!.body)).toEqual(['mcp__docs__search', 'mcp__docs__grow']);
    expect(toolNames(fake.requests[1]!.body)).toEqual(['mcp__docs__search', 'mcp__docs__grow', 'mcp__docs__grown']);
    expect(hub.calls.map((c) => c.tool)).toEqual(['grow', 'grown']);
    expect(JSON.stringify((fake.requests[2]!.body as Body).messages.at(-1))).toContain('grown: {\\"q\\":\\"y\\"}');
    await agent.dispose();
  });

  it('an unchanged list mid-turn: the tools of every request are the same bytes', async () => {
    const hub = fakeHub([{ name: 'docs', tools: [tool('search')] }]);
    const agent = session(hub);
    fake.setScript([toolUseTurn('mcp__docs__search', { q: 'a' }), toolUseTurn('mcp__docs__search', { q: 'b' }), textTurn('done')]);
    await drain(agent.runTurn('twice'));
    const tools = fake.requests.map((r) => JSON.stringify((r.body as { tools?: unknown }).tools));
    expect(tools).toHaveLength(3);
    expect(new Set(tools).size).toBe(1);
    await agent.dispose();
  });

  it('a server that disconnects takes its tools out of the next turn', async () => {
    const hub = fakeHub([{ name: 'docs', tools: [tool('search')] }]);
    const agent = session(hub);
    fake.setScript([textTurn('one'), textTurn('two')]);
    await drain(agent.runTurn('first'));
    hub.set([{ name: 'docs', state: 'failed', tools: [tool('search')] }]);
    await drain(agent.runTurn('second'));
    expect(toolNames(fake.requests[1]!.body)).toEqual([]);
    await agent.dispose();
  });
});
