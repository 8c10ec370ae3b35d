/**
 * A sub-agent's loop gets the main loop's model safeguards for its own model (core/loop/query/sessionParams.ts
 * `subAgentModelParams`): the session's fallback model after repeated overloads, and a compaction window, which
 * also gives it the aggregate tool-result budget.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultBudgetFor } from '../../../extension/core/loop/query/resultBudget';
import { contextWindowFor } from '../../../extension/core/loop/query/usage';
import { buildTool } from '../../../extension/core/contracts/tool';
import { MODEL } from '../agent/queryHarness';
import { agentResults, isSubAgentRequest, lastIsToolResult, makeSession, runTurn, textOf, useFake } from './harness';

const FALLBACK = 'claude-haiku-4-5';
const agentCall = { content: [{ type: 'tool_use' as const, name: 'Agent', input: { description: 'dig', prompt: 'Dig through the pages.', subagent_type: 'general-purpose' } }] };

/** A read-only tool whose result is `size` characters, different per call. */
function pageTool(size: number) {
  let calls = 0;
  return buildTool({
    name: 'Page',
    inputSchema: z.strictObject({ n: z.number().int() }),
    maxResultSizeChars: size * 2,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    async description() {
      return 'Returns a page';
    },
    async prompt() {
      return 'Returns page n.';
    },
    async call({ n }) {
      calls++;
      return { data: `page ${n} (call ${calls}) `.padEnd(size, `line of page ${n}. `) };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
}

describe('a sub-agent\'s model safeguards', () => {
  const { fake, router } = useFake();

  it('switches to the session\'s fallback model after three overloads, for the rest of its turn', async () => {
    router.route = (req) => {
      if (isSubAgentRequest(req)) {
        if (req.body.model === FALLBACK) return { content: [{ type: 'text', text: 'Dug it up on the fallback.' }] };
        return { fault: { kind: 'http', status: 529, retryAfter: 0 } };
      }
      return lastIsToolResult(req) ? { content: [{ type: 'text', text: 'The agent is done.' }] } : agentCall;
    };
    fake.requests.length = 0;
    const session = makeSession(fake, [], {
      settings: () => ({ model: MODEL, maxTokens: 1024, fallbackModel: FALLBACK }),
      retry: { sleep: async () => {}, maxRetries: 5 },
    });
    const events = await runTurn(session, 'dig');
    const [result] = agentResults(events);
    expect(result!.is_error).toBeFalsy();
    expect(textOf(result!).startsWith('Dug it up on the fallback.')).toBe(true);
    const subModels = fake.requests.filter((r) => JSON.stringify(r.body.system).includes('# You are a sub-agent')).map((r) => r.body.model);
    expect(subModels).toEqual([MODEL, MODEL, MODEL, FALLBACK]);
    // The main loop was never overloaded and stays on its model.
    expect(fake.requests.at(-1)!.body.model).toBe(MODEL);
  });

  it('clears its own old large tool results before its context fills', { timeout: 60_000 }, async () => {
    const budget = resultBudgetFor(contextWindowFor(MODEL));
    const size = Math.ceil(budget.limitChars / 6);
    const calls = 9;
    router.route = (req) => {
      if (isSubAgentRequest(req)) {
        const done = (req.body.messages as unknown[]).length - 1;
        return done / 2 < calls ? { content: [{ type: 'tool_use', name: 'Page', input: { n: done / 2 } }] } : { content: [{ type: 'text', text: 'Read every page.' }] };
      }
      return lastIsToolResult(req) ? { content: [{ type: 'text', text: 'Done.' }] } : agentCall;
    };
    fake.requests.length = 0;
    const events = await runTurn(makeSession(fake, [pageTool(size)]), 'read the pages');
    const [result] = agentResults(events);
    expect(textOf(result!).startsWith('Read every page.')).toBe(true);
    const sub = fake.requests.filter((r) => JSON.stringify(r.body.system).includes('# You are a sub-agent'));
    expect(sub).toHaveLength(calls + 1);
    // Nothing cleared while the results fit; the last request carries cleared ones, and stays under the limit.
    expect(sub[3]!.rawBody).not.toContain('Output cleared to save context');
    const last = sub.at(-1)!.rawBody;
    expect(last).toContain(`Output cleared to save context (${size.toLocaleString('en-US')} characters)`);
    expect(last.length).toBeLessThan(budget.limitChars + size * 2);
    expect(events.filter((e) => e.type === 'compacted')).toEqual([]);
  });
});
