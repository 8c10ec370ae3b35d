import { describe, expect, it } from 'vitest';
import type { Message } from '../../../extension/core/base/messages';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import { FORK_PLACEHOLDER_RESULT, forkOpening } from '../../../extension/core/loop/subagents/fork';
import { parseSkillFile } from '../../../extension/core/loop/skills/skillFile';
import { SkillTool } from '../../../extension/tools/Skill/Skill';
import { countInputTokens } from '../../fixtures/fake-anthropic/cache';
import { validateRequest } from '../../fixtures/fake-anthropic/validate';
import type { AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { echoTool } from '../tool/fixtures';
import { agentResults, makeSession, runTurn, textOf, useFake } from './harness';

type Body = Record<string, unknown>;

/**
 * The request as the API caches it: without its cache breakpoints, which mark positions but are not part of the
 * cached bytes, and with a string content as the one text block the API reads it as (a breakpoint turns one into
 * the other: core/loop/query/cache.ts).
 */
function bytes(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (key === 'cache_control') return undefined;
      return key === 'content' && typeof v === 'string' ? [{ type: 'text', text: v }] : v;
    }),
  );
}

const messagesOf = (body: Body) => body.messages as Message[];
const isForkRequest = (body: Body) => JSON.stringify(body.messages).includes('<fork>');
const toolResults = (body: Body) => messagesOf(body).filter((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result')).length;

/** The fork's usage as the Agent call reported it (one request: its first request's usage). */
function agentUsage(events: AgentEvent[]): { cacheReadInputTokens: number; inputTokens: number } {
  const finished = events.find((e) => e.type === 'tool' && e.event.type === 'toolFinished' && e.event.toolName === 'Agent');
  if (finished?.type !== 'tool' || finished.event.type !== 'toolFinished') throw new Error('no Agent call finished');
  return (finished.event.output as { usage: { cacheReadInputTokens: number; inputTokens: number } }).usage;
}

describe('a fork', () => {
  const { fake, router } = useFake();
  const TASK = 'Count the TODO comments in src.';

  it("sends the parent's prefix, then its task, and its first request reads the parent's whole cached conversation", async () => {
    const { tool: echo } = echoTool();
    router.route = (req) => {
      if (isForkRequest(req.body)) return { content: [{ type: 'text', text: 'There are 3 TODOs.' }] };
      const rounds = toolResults(req.body);
      if (rounds === 0) return { content: [{ type: 'tool_use', name: 'Echo', input: { text: 'looking' } }] };
      if (rounds === 1) return { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'count todos', prompt: TASK, subagent_type: 'fork' } }] };
      return { content: [{ type: 'text', text: 'Done.' }] };
    };
    fake.requests.length = 0;
    const events = await runTurn(makeSession(fake, [echo]), 'tidy up the TODOs');

    const [result] = agentResults(events);
    expect(result!.is_error).toBeFalsy();
    expect(textOf(result!)).toMatch(/^There are 3 TODOs\.\n\nagentId: afork-\S+ \(fork;/);

    const bodies = fake.requests.map((r) => r.body);
    const forks = bodies.filter(isForkRequest);
    expect(forks).toHaveLength(1);
    const [fork] = forks;
    const parents = bodies.filter((b) => !isForkRequest(b));
    expect(parents).toHaveLength(3);
    const [, asked, after] = parents as [Body, Body, Body];

    // Tools and system byte for byte, the parent's messages, the reply that started it, then its own message.
    expect(JSON.stringify(fork!.tools)).toBe(JSON.stringify(asked.tools));
    expect(fork!.system).toEqual(asked.system);
    const sent = messagesOf(asked);
    const own = messagesOf(fork!);
    expect(own).toHaveLength(sent.length + 2);
    expect(bytes(own.slice(0, sent.length))).toEqual(bytes(sent));
    expect(bytes(own[sent.length])).toEqual(bytes(messagesOf(after)[sent.length]));
    const call = messagesOf(after)[sent.length]!.content as { type: string; id?: string }[];
    const agentCall = call.find((b) => b.type === 'tool_use')!;
    const first = own.at(-1)!;
    expect(first.role).toBe('user');
    const [placeholder, task, ...rest] = first.content as { type: string; tool_use_id?: string; content?: unknown; text?: string }[];
    expect(rest).toEqual([]);
    expect(placeholder).toMatchObject({ type: 'tool_result', tool_use_id: agentCall.id, content: FORK_PLACEHOLDER_RESULT });
    expect(task).toMatchObject({ type: 'text' });
    expect(task!.text).toContain(`Your task: ${TASK}`);

    // The cache read is the parent's whole last prompt: tools, system and every message it had sent.
    const parentPrompt = countInputTokens(validateRequest(asked, 'messages'));
    const usage = agentUsage(events);
    expect(usage.cacheReadInputTokens).toBe(parentPrompt);
    const systemOnly = countInputTokens(validateRequest({ ...asked, messages: [{ role: 'user', content: 'x' }] }, 'messages'));
    expect(usage.cacheReadInputTokens).toBeGreaterThan(systemOnly);
  });

  it('runs a skill with context: fork as the task of a fork, whose report is the result', async () => {
    const parsed = parseSkillFile('---\ndescription: Counts TODO comments\ncontext: fork\n---\nCount the TODO comments and list them.', {
      path: '/skills/count-todos/SKILL.md',
      directory: '/skills/count-todos',
      folderName: 'count-todos',
      source: 'project',
    });
    if (!parsed.ok) throw new Error(parsed.problem.message);
    expect(parsed.skill.context).toBe('fork');
    router.route = (req) => {
      if (isForkRequest(req.body)) return { content: [{ type: 'text', text: 'Three TODOs: a.ts:1, b.ts:2, c.ts:3.' }] };
      return toolResults(req.body) === 0
        ? { content: [{ type: 'tool_use', name: 'Skill', input: { skill: 'count-todos' } }] }
        : { content: [{ type: 'text', text: 'Done.' }] };
    };
    fake.requests.length = 0;
    const allow: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });
    const events = await runTurn(makeSession(fake, [SkillTool], { decider: allow, commands: async () => [parsed.skill] }), 'count the todos');

    const finished = events.flatMap((e) => (e.type === 'tool' && e.event.type === 'toolFinished' && e.event.toolName === 'Skill' ? [e.event.result] : []));
    expect(finished).toHaveLength(1);
    const text = textOf(finished[0]!);
    expect(text).toMatch(/^Skill count-todos ran in a fork of this conversation \(agent afork-\S+, completed\)\. Its report:\n\nThree TODOs: a\.ts:1, b\.ts:2, c\.ts:3\.$/);

    const bodies = fake.requests.map((r) => r.body);
    const fork = bodies.find(isForkRequest)!;
    const [asked] = bodies.filter((b) => !isForkRequest(b)) as [Body];
    expect(fork.system).toEqual(asked.system);
    expect(JSON.stringify(fork.tools)).toBe(JSON.stringify(asked.tools));
    expect(bytes(messagesOf(fork).slice(0, messagesOf(asked).length))).toEqual(bytes(messagesOf(asked)));
    expect(JSON.stringify(messagesOf(fork).at(-1))).toContain('Count the TODO comments and list them.');
  });

  it('answers every call of the reply that started it with the same placeholder, and after a user message adds the task to it', () => {
    const prompt: Message = { role: 'user', content: 'go' };
    const reply: Message = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'Agent', input: {} },
        { type: 'tool_use', id: 'toolu_b', name: 'Read', input: {} },
      ],
    };
    const after = forkOpening([prompt, reply], 'Check a.', '/tmp/wt');
    expect(after.history).toEqual([prompt, reply]);
    const blocks = after.message.content as { type: string; tool_use_id?: string; content?: string; text?: string }[];
    expect(blocks.slice(0, 2)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_a', content: FORK_PLACEHOLDER_RESULT },
      { type: 'tool_result', tool_use_id: 'toolu_b', content: FORK_PLACEHOLDER_RESULT },
    ]);
    expect(blocks[2]!.text).toContain('Your working directory is /tmp/wt');
    expect(blocks[2]!.text).toMatch(/Your task: Check a\.$/);

    const fromPrompt = forkOpening([prompt], 'Check b.');
    expect(fromPrompt.history).toEqual([]);
    const own = fromPrompt.message.content as { type: string; text: string }[];
    expect(own.map((b) => b.text.split('\n')[0])).toEqual(['go', '<fork>']);
    expect(own[1]!.text).not.toContain('working directory');
  });
});
