import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { SideEvents, withSideEvents } from '../../../extension/core/loop/session/sideEvents';
import type { QueryEvent } from '../../../extension/core/contracts/events';
import type { ToolUseOptions } from '../../../extension/core/contracts/toolUseContext';
import { buildTool } from '../../../extension/core/contracts/tool';
import type { HookEngine } from '../../../extension/core/engines/hooks/engine';
import type { TurnModelSettings } from '../../../extension/core/loop/query/sessionParams';
import { agentDeps, ScriptedModel, sequentialIds } from '../support';
import { fakeEngine, hookOf, json } from '../hooks/support';

/** A tool that remembers the options of the context it ran in. */
function probeTool() {
  const seen: ToolUseOptions[] = [];
  const tool = buildTool({
    name: 'Probe',
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 1000,
    isReadOnly: () => true,
    async description() {
      return 'Probes';
    },
    async prompt() {
      return 'Probes the context.';
    },
    async checkPermissions(input) {
      return { behavior: 'allow' as const, updatedInput: input };
    },
    async call(_args, context) {
      seen.push(context.options);
      return { data: 'probed' };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result' as const, tool_use_id: toolUseId, content: output };
    },
  });
  return { tool, seen };
}

async function turnWithProbe(opts: { hooks?: HookEngine; settings?: TurnModelSettings } = {}) {
  const { tool, seen } = probeTool();
  const model = new ScriptedModel([{ tool: 'Probe', input: {} }, ['done']]);
  const deps = agentDeps(model);
  const session = new AgentSession({
    ...deps,
    tools: [tool],
    newId: sequentialIds('s'),
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
    ...(opts.settings ? { settings: () => opts.settings! } : {}),
  });
  const events: AgentEvent[] = [];
  for await (const e of session.runTurn('probe it')) events.push(e);
  return { events, seen };
}

describe('session: what tool hooks tell the user', () => {
  it("yields a PreToolUse and a PostToolUse hook's systemMessage as hookMessage events naming the call", async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'pre'), hookOf('PostToolUse', 'post')], {
      pre: json({ systemMessage: 'Probing is logged.' }),
      post: json({ systemMessage: 'Probe result archived.' }),
    });
    const { events } = await turnWithProbe({ hooks: engine });
    const said = events.filter((e) => e.type === 'hookMessage');
    expect(said).toEqual([
      { type: 'hookMessage', hookEvent: 'PreToolUse', text: 'Probing is logged.', toolUseId: 'toolu_Probe' },
      { type: 'hookMessage', hookEvent: 'PostToolUse', text: 'Probe result archived.', toolUseId: 'toolu_Probe' },
    ]);
    // Shown while the call runs: before the round's results go back to the model.
    const results = events.findIndex((e) => e.type === 'toolResults');
    expect(events.findIndex((e) => e.type === 'hookMessage')).toBeLessThan(results);
  });

  it('tells the user of a hook that failed, and the call still runs', async () => {
    const { engine } = fakeEngine([hookOf('PreToolUse', 'crash')], { crash: { exitCode: 1, stderr: 'boom' } });
    const { events, seen } = await turnWithProbe({ hooks: engine });
    expect(seen).toHaveLength(1);
    expect(events.find((e) => e.type === 'hookMessage')).toMatchObject({ hookEvent: 'PreToolUse', text: expect.stringMatching(/"crash" failed \(exit 1\): boom/) });
  });
});

describe('session: the tool context tells the truth about the turn', () => {
  it('carries the thinking the request asks for and the spending limit', async () => {
    const budget = await turnWithProbe({ settings: { model: 'claude-opus-4-5', maxTokens: 8192, thinking: 4096, maxBudgetUsd: 5 } });
    expect(budget.seen[0]).toMatchObject({ thinkingConfig: { type: 'enabled', budgetTokens: 4096 }, maxBudgetUsd: 5 });
    const adaptive = await turnWithProbe({ settings: { model: 'claude-opus-4-7' } });
    expect(adaptive.seen[0]!.thinkingConfig).toEqual({ type: 'adaptive' });
    expect(adaptive.seen[0]!.maxBudgetUsd).toBeUndefined();
    const off = await turnWithProbe({ settings: { model: 'claude-opus-4-7', thinking: 'off' } });
    expect(off.seen[0]!.thinkingConfig).toEqual({ type: 'disabled' });
  });
});

describe('withSideEvents', () => {
  it('yields what is pushed while the loop waits, then the loop goes on and returns its value', async () => {
    const side = new SideEvents();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* loop(): AsyncGenerator<QueryEvent, string> {
      yield { type: 'status', text: 'working' };
      await gate; // a tool that takes its time
      yield { type: 'done', reason: 'end_turn', turns: 1 };
      return 'history';
    }
    const merged = withSideEvents(loop(), side);
    expect((await merged.next()).value).toEqual({ type: 'status', text: 'working' });
    const waiting = merged.next();
    side.ui.hookMessage?.({ hookEvent: 'PreToolUse', text: 'Heads up.', toolUseId: 'toolu_1' });
    expect((await waiting).value).toEqual({ type: 'hookMessage', hookEvent: 'PreToolUse', text: 'Heads up.', toolUseId: 'toolu_1' });
    side.ui.notify?.('Could not save the permission rule: read-only file.');
    expect((await merged.next()).value).toEqual({ type: 'notice', text: 'Could not save the permission rule: read-only file.' });
    release();
    expect((await merged.next()).value).toEqual({ type: 'done', reason: 'end_turn', turns: 1 });
    expect(await merged.next()).toEqual({ done: true, value: 'history' });
  });
});
