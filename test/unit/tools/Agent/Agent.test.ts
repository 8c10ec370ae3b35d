import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../../extension/core/loop/subagents/definitions';
import type { SpawnAgent } from '../../../../extension/core/contracts/agents';
import { asAgentId } from '../../../../extension/core/base/ids';
import { getEmptyToolPermissionContext } from '../../../../extension/core/contracts/permissions';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import type { PermissionPrompt } from '../../../../extension/core/contracts/permissionPrompts';
import { AgentTool } from '../../../../extension/tools/Agent/Agent';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

const reviewer = { agentType: 'reviewer', whenToUse: 'Reviews a diff for bugs.', tools: ['Read', 'Grep'], source: 'project' as const, systemPrompt: 'Review.' };

function context(extra: { spawnAgent?: SpawnAgent; worktrees?: boolean } = {}) {
  const ctx = makeContext([AgentTool]);
  ctx.options.agentDefinitions = [...BUILTIN_AGENTS, reviewer];
  if (extra.spawnAgent) ctx.options.spawnAgent = extra.spawnAgent;
  return ctx;
}

describe('Agent tool', () => {
  it('lists every agent type with when to use it and its tools in its description', async () => {
    const prompt = await AgentTool.prompt({ isNonInteractiveSession: false, toolPermissionContext: getEmptyToolPermissionContext(), tools: [], agentDefinitions: [...BUILTIN_AGENTS, reviewer] });
    expect(prompt).toContain('- general-purpose: General agent for researching complex questions');
    expect(prompt).toContain('(Tools: all tools)');
    expect(prompt).toContain('- Explore: Fast read-only agent');
    expect(prompt).toContain('- reviewer: Reviews a diff for bugs. (Tools: Read, Grep)');
  });

  it('takes exactly the documented input fields', () => {
    const ok = AgentTool.inputSchema.safeParse({ description: 'find x', prompt: 'Find x.', subagent_type: 'Explore', model: 'haiku', run_in_background: true, isolation: 'worktree' });
    expect(ok.success).toBe(true);
    expect(AgentTool.inputSchema.safeParse({ description: 'd', prompt: 'p', model: 'gpt' }).success).toBe(false);
    expect(AgentTool.inputSchema.safeParse({ description: 'd', prompt: 'p', isolation: 'container' }).success).toBe(false);
    expect(AgentTool.inputSchema.safeParse({ prompt: 'p' }).success).toBe(false);
  });

  it('refuses an unknown type, naming the available ones; and says when no sub-agent or worktree can run', async () => {
    const spawnAgent: SpawnAgent = async () => {
      throw new Error('not called');
    };
    expect(await AgentTool.validateInput!({ description: 'd', prompt: 'p', subagent_type: 'nope' }, context({ spawnAgent }))).toEqual({
      result: false,
      message: "Agent type 'nope' not found. Available agents: general-purpose, Explore, Plan, reviewer. Pass one of them as subagent_type.",
    });
    expect(await AgentTool.validateInput!({ description: 'd', prompt: 'p' }, context())).toMatchObject({ result: false, message: expect.stringContaining('Sub-agents cannot be started here') });
    expect(await AgentTool.validateInput!({ description: 'd', prompt: 'p', isolation: 'worktree' }, context({ spawnAgent }))).toMatchObject({
      result: false,
      message: expect.stringContaining('isolation "worktree" is not available here'),
    });
    expect(await AgentTool.validateInput!({ description: 'd', prompt: 'p', subagent_type: 'explore' }, context({ spawnAgent }))).toEqual({ result: true });
  });

  it('returns a background launch at once with the ids and output file', async () => {
    const requests: boolean[] = [];
    const spawnAgent: SpawnAgent = async (request) => {
      requests.push(request.runInBackground);
      return { agentId: asAgentId('ageneral-0123456789abcdef'), taskId: 'a12345678', outputFile: '/s/agents/x.output', result: new Promise(() => {}) };
    };
    const input = { description: 'bg work', prompt: 'Do it.', run_in_background: true };
    const out = await AgentTool.call(input, context({ spawnAgent }), allowAll, assistantWith(toolUse('Agent', input)), () => {});
    const block = AgentTool.mapToolResultToToolResultBlockParam(out.data, 'toolu_1');
    expect(block.content).toContain('Agent launched in the background (general-purpose).');
    expect(block.content).toContain('task id: a12345678');
    expect(block.content).toContain('output_file: /s/agents/x.output');
    expect(requests).toEqual([true]);
  });
});

describe('permission asks from a sub-agent', () => {
  it("carry the agent's type and description to the dialog", async () => {
    const prompts: PermissionPrompt[] = [];
    const canUseTool = createCanUseTool(
      async () => ({ behavior: 'ask', message: 'Bash wants to run ls' }),
      async (prompt) => {
        prompts.push(prompt);
        return { behavior: 'allow', updatedInput: prompt.input };
      },
    );
    const sub = makeContext([]);
    sub.subAgent = { agentId: asAgentId('aexplore-0123456789abcdef'), agentType: 'Explore', description: 'find config loaders' };
    await canUseTool(AgentTool, {}, sub, assistantWith(), 'toolu_1');
    await canUseTool(AgentTool, {}, makeContext([]), assistantWith(), 'toolu_2');
    expect(prompts[0]!.agent).toEqual({ agentType: 'Explore', description: 'find config loaders' });
    expect(prompts[1]!.agent).toBeUndefined();
  });
});
