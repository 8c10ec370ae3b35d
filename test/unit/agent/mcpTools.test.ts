/** AgentSession with an MCP hub: the servers' tools are offered and called, and a changed list counts from the next turn. */
import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/agent/agentSession';
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
    expect(agent.toolContext().ports.mcp).toBe(hub);
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
