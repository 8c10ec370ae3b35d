/**
 * A multi-turn tool session with thinking, on AgentSession against the fake API (docs/ARCHITECTURE.md, Models and
 * thinking): requests carry the table's max_tokens, thinking and effort, and every tool turn sends its thinking
 * back as the fake requires (it answers a dropped or altered block with a 400, which would fail the turn).
 */
import { describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import type { ModelPreferences } from '../../../extension/core/engines/models/requestOptions';
import { textTurn, type FakeTurn } from '../../fixtures/fake-anthropic';
import { clientFor, useFakeAnthropic } from '../agent/queryHarness';
import { agentDeps, sequentialIds } from '../support';
import { sleeperTool } from '../tool/fixtures';

type Body = { max_tokens: number; thinking?: unknown; output_config?: unknown; messages: { role: string; content: { type: string }[] | string }[] };

const thinkingCall = (thought: string, label: string): FakeTurn => ({
  content: [
    { type: 'thinking', thinking: thought },
    { type: 'redacted_thinking', data: `redacted-${label}` },
    { type: 'tool_use', name: 'Slow', input: { ms: 0, label } },
  ],
});

async function run(agent: AgentSession, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of agent.runTurn(prompt)) events.push(e);
  return events;
}

describe('core/models: a tool session with thinking on the fake API', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  function session(model: string, prefs: ModelPreferences = {}) {
    const slow = sleeperTool({ name: 'Slow', safe: true });
    const deps = agentDeps(clientFor(fake));
    return new AgentSession({ ...deps, tools: [slow.tool], newId: sequentialIds(), settings: () => ({ model, ...prefs }) });
  }

  it('sends adaptive thinking, effort and the model output limit, and keeps thinking across two tool turns', async () => {
    fake.setScript([thinkingCall('Look at a first.', 'a'), thinkingCall('Now b.', 'b'), { content: [{ type: 'thinking', thinking: 'Done.' }, { type: 'text', text: 'All read.' }] }]);
    const events = await run(session('claude-sonnet-5-5', { effort: 'low' }), 'read a and b');
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = fake.requests.map((r) => r.body as Body);
    for (const body of bodies) {
      expect(body.max_tokens).toBe(128_000);
      expect(body.thinking).toEqual({ type: 'adaptive' });
      expect(body.output_config).toEqual({ effort: 'low' });
    }
    // The third request carries both tool turns, each with its thinking ahead of its call.
    const assistantTurns = bodies[2]!.messages.filter((m) => m.role === 'assistant');
    expect(assistantTurns.map((m) => (m.content as { type: string }[]).map((b) => b.type))).toEqual([
      ['thinking', 'redacted_thinking', 'tool_use'],
      ['thinking', 'redacted_thinking', 'tool_use'],
    ]);
  });

  it('sends a budget to a model without adaptive thinking, within its own output limit, and no effort it cannot take', async () => {
    fake.setScript([thinkingCall('Check a.', 'a'), textTurn('ok')]);
    await run(session('claude-sonnet-4-5', { effort: 'high' }), 'go');
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200]);
    const body = fake.requests[1]!.body as Body;
    expect(body.max_tokens).toBe(64_000);
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 31_999 });
    expect(body.output_config).toBeUndefined();
  });

  it('sends no thinking when the setting is off, and the user max_tokens when set', async () => {
    fake.setScript([textTurn('ok')]);
    await run(session('claude-opus-5-5', { thinking: 'off', maxTokens: 4096 }), 'go');
    const body = fake.requests[0]!.body as Body;
    expect(body.max_tokens).toBe(4096);
    expect(body.thinking).toBeUndefined();
  });
});
