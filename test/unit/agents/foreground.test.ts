import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentProgressData } from '../../../extension/core/contracts/agents';
import { echoTool } from '../tool/fixtures';
import { agentResults, isSubAgentRequest, lastIsToolResult, makeSession, runTurn, textOf, useFake } from './harness';

describe('a foreground sub-agent', () => {
  const { fake, router } = useFake();

  it("returns its final report as the Agent tool's result, keeps its transcript and reports progress", async () => {
    const { tool: echo, calls } = echoTool();
    router.route = (req) => {
      if (isSubAgentRequest(req)) {
        return lastIsToolResult(req)
          ? { content: [{ type: 'text', text: 'Config is loaded in src/config.ts:12.' }] }
          : { content: [{ type: 'tool_use', name: 'Echo', input: { text: 'searching' } }] };
      }
      return lastIsToolResult(req)
        ? { content: [{ type: 'text', text: 'The agent found it.' }] }
        : { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'find config', prompt: 'Where is the config loaded?', subagent_type: 'general-purpose' } }] };
    };
    const session = makeSession(fake, [echo]);
    const events = await runTurn(session, 'find the config loader');

    const [result] = agentResults(events);
    const text = textOf(result!);
    expect(result!.is_error).toBeFalsy();
    expect(text.startsWith('Config is loaded in src/config.ts:12.')).toBe(true);
    expect(text).toMatch(/agentId: a\S+ \(general-purpose; tool uses: 1, tokens: \d+, duration: \d+\.\ds\)/);
    expect(calls).toEqual([{ text: 'searching', times: 1 }]);
    // The session's usage counts the sub-agent's two requests with the parent's two.
    const snapshots = events.flatMap((e) => (e.type === 'usageSnapshot' ? [e.snapshot] : []));
    expect(snapshots.at(-1)!.session.requests).toBe(4);

    const transcriptPath = /Transcript: (\S+)/.exec(text)![1]!;
    const lines = readFileSync(transcriptPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; message?: { role: string } });
    expect(lines[0]!.type).toBe('agent');
    expect(lines.filter((l) => l.type === 'message').map((l) => l.message!.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(lines.at(-1)).toMatchObject({ type: 'end', status: 'completed', toolUses: 1 });

    const progress = events.flatMap((e) => (e.type === 'tool' && e.event.type === 'toolProgress' ? [e.event.progress as unknown as AgentProgressData] : []));
    const kinds = progress.map((p) => p.event.kind);
    expect(kinds).toEqual(['usage', 'toolStart', 'toolEnd', 'usage', 'text']);
    expect(progress[1]!.event).toMatchObject({ kind: 'toolStart', toolName: 'Echo' });
    expect(progress[2]!.event).toMatchObject({ kind: 'toolEnd', isError: false, summary: 'searching' });
    expect(progress.every((p) => p.type === 'agent_progress' && p.agentType === 'general-purpose' && p.description === 'find config')).toBe(true);
  });

  it("sends the parent's exact system and tools first, so its first request reads the parent's cached prefix", async () => {
    const { tool: echo } = echoTool();
    router.route = (req) => {
      if (isSubAgentRequest(req)) return { content: [{ type: 'text', text: 'Nothing to change.' }] };
      return lastIsToolResult(req)
        ? { content: [{ type: 'text', text: 'Done.' }] }
        : { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'look around', prompt: 'Look around.', subagent_type: 'Explore' } }] };
    };
    fake.requests.length = 0;
    const events = await runTurn(makeSession(fake, [echo]), 'look around');

    const bodies = fake.requests.map((r) => r.body);
    const sub = bodies.find((b) => JSON.stringify(b.system).includes('# You are a sub-agent'))!;
    const parent = bodies[0]!;
    expect(JSON.stringify(sub.tools)).toBe(JSON.stringify(parent.tools));
    const parentSystem = (parent.system as { text: string }[]).map((b) => b.text);
    expect((sub.system as { text: string }[]).slice(0, parentSystem.length).map((b) => b.text)).toEqual(parentSystem);

    // The sub-agent made one request: its usage is that first request's.
    const finished = events.find((e) => e.type === 'tool' && e.event.type === 'toolFinished' && e.event.toolName === 'Agent');
    const output = finished?.type === 'tool' && finished.event.type === 'toolFinished' ? (finished.event.output as { usage: { cacheReadInputTokens: number } }) : undefined;
    expect(output!.usage.cacheReadInputTokens).toBeGreaterThan(1024);
  });

  it('refuses an unknown agent type, naming the available ones', async () => {
    router.route = (req) =>
      lastIsToolResult(req)
        ? { content: [{ type: 'text', text: 'ok' }] }
        : { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'x', prompt: 'x', subagent_type: 'Reviewer' } }] };
    const events = await runTurn(makeSession(fake, []), 'x');
    const [result] = agentResults(events);
    expect(result!.is_error).toBe(true);
    expect(textOf(result!)).toContain("Agent type 'Reviewer' not found. Available agents: general-purpose, Explore, Plan.");
  });
});
