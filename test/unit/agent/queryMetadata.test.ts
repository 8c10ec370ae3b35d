/**
 * What the loop reports for hosts that print the Agent SDK's messages (the stream-json CLI): the API's id,
 * model, stop and usage on each assistant message, a structured `apiRetry` per retry, the raw stream on request,
 * denials marked on `toolFinished`, and a foreground sub-agent's forwarded events as `subAgent` events.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUB_AGENT_EVENT } from '../../../extension/core/contracts/agents';
import type { QueryEvent } from '../../../extension/core/contracts/events';
import { buildTool } from '../../../extension/core/contracts/tool';
import { echoTool } from '../tool/fixtures';
import { MODEL, runQuery, useFakeAnthropic } from './queryHarness';

/** A tool that forwards one loop event the way the Agent tool forwards its sub-agent's. */
function forwardingTool() {
  return buildTool({
    name: 'Delegate',
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 10_000,
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    async description() {
      return 'Delegates';
    },
    async prompt() {
      return 'Delegates the task.';
    },
    async call(_args, _context, _canUse, _parent, onProgress) {
      const agent = { agentId: 'a-1', agentType: 'Explore', description: 'Look', model: MODEL };
      onProgress?.({ toolUseID: 'x', data: { type: SUB_AGENT_EVENT, agent, event: { type: 'userMessage', message: { role: 'user', content: 'Look.' }, meta: true } } });
      onProgress?.({ toolUseID: 'x', data: { type: 'other_progress', n: 1 } });
      return { data: 'done' };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
}

describe('query: metadata for the Agent SDK messages', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it("puts the API's id, model, stop and usage on the assistant message", async () => {
    fake.setScript([{ content: [{ type: 'text', text: 'Hi.' }] }]);
    const { events } = await runQuery(fake);
    const reply = events.find((e): e is Extract<QueryEvent, { type: 'assistantMessage' }> => e.type === 'assistantMessage');
    expect(reply?.api).toMatchObject({ id: expect.stringMatching(/^msg_/), model: MODEL, stopReason: 'end_turn', stopSequence: null, usage: { inputTokens: expect.any(Number) } });
    expect(reply?.api?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('yields apiRetry before waiting to retry, with the status, the kind and the wait', async () => {
    fake.setScript([{ fault: { kind: 'http', status: 529 } }, { fault: { kind: 'http', status: 429, retryAfter: 2 } }, { content: [{ type: 'text', text: 'Through.' }] }]);
    const { events } = await runQuery(fake);
    const retries = events.filter((e) => e.type === 'apiRetry');
    expect(retries).toEqual([
      expect.objectContaining({ attempt: 1, maxRetries: 3, errorKind: 'overloaded', errorStatus: 529 }),
      expect.objectContaining({ attempt: 2, maxRetries: 3, errorKind: 'rateLimit', errorStatus: 429, delayMs: 2000 }),
    ]);
    // Each comes before its countdown's status lines.
    const first = events.indexOf(retries[0]!);
    expect(events[first + 1]).toMatchObject({ type: 'status', text: expect.stringContaining('Retrying') });
  });

  it('yields the raw stream only when asked, with the tool call announced before its input', async () => {
    const { tool } = echoTool();
    const script = () => fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_e', name: 'Echo', input: { text: 'x' } }] }, { content: [{ type: 'text', text: 'ok' }] }]);
    script();
    const quiet = await runQuery(fake, { tools: [tool] });
    expect(quiet.events.some((e) => e.type === 'streamEvent')).toBe(false);
    script();
    const { events } = await runQuery(fake, { tools: [tool], extra: { streamEvents: true } });
    const raw = events.flatMap((e) => (e.type === 'streamEvent' ? [e.event] : []));
    const types = raw.map((e) => e.type);
    expect(types[0]).toBe('messageStart');
    expect(raw.find((e) => e.type === 'blockStart')).toMatchObject({ block: { type: 'tool_use', id: 'toolu_e', name: 'Echo' } });
    expect(types.indexOf('blockStart')).toBeLessThan(types.indexOf('toolInputDelta'));
    expect(types.filter((t) => t === 'messageComplete')).toHaveLength(2);
  });

  it('marks a denied call on its toolFinished', async () => {
    const { tool } = echoTool();
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_no', name: 'Echo', input: { text: 'x' } }] }, { content: [{ type: 'text', text: 'ok' }] }]);
    const { events } = await runQuery(fake, { tools: [tool], extra: { canUseTool: async () => ({ behavior: 'deny', message: 'No.', decisionReason: { type: 'other', reason: 'test' } }) } });
    expect(events.find((e) => e.type === 'tool' && e.event.type === 'toolFinished')).toMatchObject({ event: { toolUseId: 'toolu_no', isError: true, stage: 'permission' } });
  });

  it("turns a sub-agent's forwarded event into a subAgent event of the call, never a tool progress row", async () => {
    fake.setScript([{ content: [{ type: 'tool_use', id: 'toolu_dg', name: 'Delegate', input: {} }] }, { content: [{ type: 'text', text: 'ok' }] }]);
    const { events } = await runQuery(fake, { tools: [forwardingTool()] });
    expect(events.filter((e) => e.type === 'subAgent')).toEqual([
      { type: 'subAgent', parentToolUseId: 'toolu_dg', agent: expect.objectContaining({ agentId: 'a-1', agentType: 'Explore' }), event: expect.objectContaining({ type: 'userMessage' }) },
    ]);
    const progress = events.filter((e) => e.type === 'tool' && e.event.type === 'toolProgress');
    expect(progress).toEqual([expect.objectContaining({ event: expect.objectContaining({ progress: { type: 'other_progress', n: 1 } }) })]);
  });
});
