/**
 * The agent loop's own overhead per turn: a model that answers instantly from memory (no server, no HTTP)
 * and a tool that returns at once, so what is left is the loop (request building, cache breakpoints,
 * orchestration, events). Measured twice: bare `query()` and a whole `AgentSession` turn (transcript
 * written to disk with fsync, usage tracking).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { AgentSession } from '../../extension/core/loop/session/agentSession';
import { query } from '../../extension/core/loop/query/query';
import type { AssistantMessage } from '../../extension/core/base/messages';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../../extension/core/contracts/modelClient';
import { buildTool } from '../../extension/core/contracts/tool';
import { NodeSearch } from '../../extension/host/node/search';
import { NodeSessionStorage } from '../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../extension/host/node/workspace';
import { NodeTranscriptStore } from '../../extension/host/node/transcriptStore';
import { makeContext } from '../unit/tool/fixtures';

const usage = { inputTokens: 10, outputTokens: 10, cacheReadInputTokens: 1000, cacheCreationInputTokens: 0 };

/** Alternates: a tool round with two parallel calls, then (on the last request) a final answer. */
class InstantModel implements ModelClient {
  private n = 0;
  constructor(private readonly toolRounds: number) {}
  reset(): void {
    this.n = 0;
  }
  async *stream(_request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    const i = this.n++;
    const message: AssistantMessage =
      i < this.toolRounds
        ? {
            role: 'assistant',
            content: [
              { type: 'text', text: `Round ${i}.` },
              { type: 'tool_use', id: `toolu_${i}_a`, name: 'Noop', input: { n: i } },
              { type: 'tool_use', id: `toolu_${i}_b`, name: 'Noop', input: { n: i + 1 } },
            ],
          }
        : { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] };
    yield { type: 'messageStart', messageId: `msg_${i}`, usage };
    for (const [index, block] of message.content.entries()) {
      if (block.type === 'text') yield { type: 'textDelta', index, text: block.text };
      yield { type: 'blockComplete', index, block };
    }
    const stopReason = i < this.toolRounds ? 'tool_use' : 'end_turn';
    yield { type: 'messageComplete', message, stopReason, stopSequence: null, usage };
  }
}

const noop = buildTool({
  name: 'Noop',
  inputSchema: z.strictObject({ n: z.number() }),
  maxResultSizeChars: 10_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return 'noop';
  },
  async prompt() {
    return 'Does nothing.';
  },
  async call({ n }) {
    return { data: `ok ${n}` };
  },
  mapToolResultToToolResultBlockParam: (out: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: out }),
});

function deps(model: ModelClient, dir: string) {
  return {
    model,
    environment: { info: async () => ({ cwd: dir, platform: 'linux', osVersion: 'bench', date: '2026-11-22', isGitRepo: false, memoryFiles: [] }) },
    transcripts: new NodeTranscriptStore(path.join(dir, 'transcripts')),
    storageFor: (id: string) => new NodeSessionStorage(path.join(dir, 'sessions', id)),
    toolPorts: { workspace: new NodeWorkspace([dir]), search: new NodeSearch() },
    tools: [noop],
    cwd: dir,
    newId: () => `s${Math.random().toString(36).slice(2, 10)}`,
    settings: () => ({ model: 'claude-sonnet-5-5', maxTokens: 1024, maxTurns: 1000 }),
  };
}

export async function benchLoop(): Promise<void> {
  const ROUNDS = 20;
  const REPS = 30;
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-bench-loop-'));
  const model = new InstantModel(ROUNDS - 1);
  const session = new AgentSession(deps(model, dir));
  let turns = 0;
  const startedSession = performance.now();
  for (let r = 0; r < REPS; r++) {
    model.reset();
    for await (const e of session.runTurn(`rep ${r}`)) if (e.type === 'done') turns += e.turns;
  }
  const sessionMs = performance.now() - startedSession;

  let bareTurns = 0;
  const startedBare = performance.now();
  for (let r = 0; r < REPS; r++) {
    model.reset();
    const gen = query({
      messages: [{ role: 'user', content: `rep ${r}` }],
      system: [{ type: 'text', text: 'You are a benchmark.' }],
      tools: [],
      model,
      modelName: 'claude-sonnet-5-5',
      maxTokens: 1024,
      maxTurns: 1000,
      toolUseContext: makeContext([noop]),
      canUseTool: async (_t, input) => ({ behavior: 'allow', updatedInput: input }),
    });
    for await (const e of gen) if (e.type === 'done') bareTurns += e.turns;
  }
  const bareMs = performance.now() - startedBare;

  console.log(`loop: ${REPS} runs x ${ROUNDS} model turns (19 tool rounds of 2 parallel calls + a final answer)`);
  console.log(`  query() alone:           ${(bareMs / bareTurns).toFixed(3)} ms per turn (target < 10 ms)`);
  console.log(`  AgentSession with fsync'd transcript: ${(sessionMs / turns).toFixed(3)} ms per turn`);
  console.log(`  ratio session / bare loop: ${(sessionMs / turns / (bareMs / bareTurns)).toFixed(1)}x (the difference is disk syncs)`);
}
