/**
 * A sub-agent's extra cost per model request over the bare loop (issue target: ≤ 1 ms): the same instant model
 * and no-op tools run through `query()` directly and through `createSpawnAgent` (isolated context, progress
 * events, JSONL transcript written to disk, task bookkeeping). Prints µs per request for both and the difference.
 */
import { z } from 'zod';
import { query } from '../../extension/core/loop/query/query';
import { BUILTIN_AGENTS } from '../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../extension/core/loop/subagents/runAgent';
import type { AssistantMessage } from '../../extension/core/base/messages';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../../extension/core/contracts/modelClient';
import { buildTool, type CanUseToolFn } from '../../extension/core/contracts/tool';
import { makeContext } from '../unit/tool/fixtures';

const usage = { inputTokens: 10, outputTokens: 10, cacheReadInputTokens: 1000, cacheCreationInputTokens: 0 };

/** `rounds` replies with two tool calls each, then a final answer; counts requests. */
class CountingModel implements ModelClient {
  requests = 0;
  private n = 0;
  constructor(private readonly rounds: number) {}
  reset(): void {
    this.n = 0;
  }
  async *stream(_request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests++;
    const i = this.n++;
    const message: AssistantMessage =
      i < this.rounds
        ? { role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}_a`, name: 'Noop', input: {} }, { type: 'tool_use', id: `toolu_${i}_b`, name: 'Noop', input: {} }] }
        : { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] };
    yield { type: 'messageStart', messageId: `msg_${i}`, usage };
    for (const [index, block] of message.content.entries()) yield { type: 'blockComplete', index, block };
    yield { type: 'messageComplete', message, stopReason: i < this.rounds ? 'tool_use' : 'end_turn', stopSequence: null, usage };
  }
}

const noop = buildTool({
  name: 'Noop',
  inputSchema: z.strictObject({}),
  maxResultSizeChars: 1000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return 'noop';
  },
  async prompt() {
    return 'Does nothing.';
  },
  async call() {
    return { data: 'ok' };
  },
  mapToolResultToToolResultBlockParam: (out: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: out }),
});

const allow: CanUseToolFn = async (_t, input) => ({ behavior: 'allow', updatedInput: input });

async function bare(model: CountingModel, reps: number): Promise<number> {
  model.requests = 0;
  const started = performance.now();
  for (let r = 0; r < reps; r++) {
    model.reset();
    const gen = query({ messages: [{ role: 'user', content: 'go' }], system: [{ type: 'text', text: 'bench' }], tools: [], model, modelName: 'claude-sonnet-5-5', maxTokens: 1024, toolUseContext: makeContext([noop]), canUseTool: allow });
    for await (const _e of gen);
  }
  return ((performance.now() - started) * 1000) / model.requests;
}

async function subAgents(model: CountingModel, reps: number): Promise<number> {
  const spawn = createSpawnAgent({ model, settings: () => ({ maxTokens: 1024 }) });
  model.requests = 0;
  const started = performance.now();
  for (let r = 0; r < reps; r++) {
    model.reset();
    const parent = makeContext([noop]);
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = 'claude-sonnet-5-5';
    parent.options.requestPrefix = { model: 'claude-sonnet-5-5', system: [{ type: 'text', text: 'bench' }], tools: [] };
    const agent = await spawn({ agentType: 'general-purpose', prompt: 'go', description: 'bench', runInBackground: false }, parent, allow, () => {});
    await agent.result;
  }
  return ((performance.now() - started) * 1000) / model.requests;
}

export async function benchSubagent(): Promise<void> {
  const ROUNDS = 19;
  const REPS = 30;
  const model = new CountingModel(ROUNDS);
  await bare(model, 3); // warm up
  await subAgents(model, 3);
  const bareUs = await bare(model, REPS);
  const subUs = await subAgents(model, REPS);
  console.log(`subagent: ${REPS} runs x ${ROUNDS + 1} requests (tool rounds of 2 parallel calls + a final answer)`);
  console.log(`  query() alone:      ${bareUs.toFixed(1)} µs per request`);
  console.log(`  as a sub-agent:     ${subUs.toFixed(1)} µs per request`);
  console.log(`  sub-agent extra:    ${(subUs - bareUs).toFixed(1)} µs per request (target ≤ 1000 µs)`);
}
