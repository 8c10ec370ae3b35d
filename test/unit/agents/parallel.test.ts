import { describe, expect, it } from 'vitest';
import { sleeperTool } from '../tool/fixtures';
import { agentResults, isSubAgentRequest, lastIsToolResult, makeSession, runTurn, textOf, useFake } from './harness';

describe('two sub-agents started in one message', () => {
  const { fake, router } = useFake();

  it('run at the same time: both are working before either ends', async () => {
    const { tool: sleeper, state, log } = sleeperTool({ name: 'Sleeper', safe: true });
    router.route = (req) => {
      const prompt = JSON.stringify((req.body.messages as unknown[])[0]);
      const label = prompt.includes('first task') ? 'one' : 'two';
      if (isSubAgentRequest(req)) {
        return lastIsToolResult(req)
          ? { content: [{ type: 'text', text: `report ${label}` }] }
          : { content: [{ type: 'tool_use', name: 'Sleeper', input: { ms: 400, label } }] };
      }
      if (lastIsToolResult(req)) return { content: [{ type: 'text', text: 'Both done.' }] };
      return {
        content: [
          { type: 'tool_use', name: 'Agent', input: { description: 'task one', prompt: 'Do the first task.' } },
          { type: 'tool_use', name: 'Agent', input: { description: 'task two', prompt: 'Do the second task.' } },
        ],
      };
    };
    const events = await runTurn(makeSession(fake, [sleeper]), 'do both');

    expect(state.maxInFlight).toBe(2);
    expect(log.slice(0, 2).sort()).toEqual(['start one', 'start two']);
    const texts = agentResults(events).map(textOf);
    expect(texts).toHaveLength(2);
    expect(texts.map((t) => t.split('\n')[0]).sort()).toEqual(['report one', 'report two']);
  });
});
