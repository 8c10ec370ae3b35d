import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../../extension/core/base/ids';
import type { Message } from '../../../extension/core/base/messages';
import type { AskUser, PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import { createSubAgentContext } from '../../../extension/core/loop/subagents/subAgentContext';
import { clientFor, MODEL } from '../agent/queryHarness';
import { contextWith, fakeTool } from '../permissions/support';
import { assistantWith, toolUse } from '../tool/fixtures';
import { isSubAgentRequest, useFake } from './harness';

const shell = fakeTool('Shell');
const refusing = fakeTool('Refusing', { check: async () => ({ behavior: 'ask', message: 'Write .git/config?', decisionReason: { type: 'safetyCheck', reason: 'it is inside .git/' } }) });

const toolResults = (messages: readonly Message[]) => messages.filter((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result')).length;

/** Answers every prompt; a background agent named in `forRun` is allowed for the rest of its run, anything else once. */
function recordingAskUser(forRun: string): { askUser: AskUser; prompts: PermissionPrompt[] } {
  const prompts: PermissionPrompt[] = [];
  const askUser: AskUser = async (prompt) => {
    prompts.push(prompt);
    const decisionReason = { type: 'other', reason: 'test' } as const;
    return prompt.agent?.name === forRun ? { behavior: 'allow', decisionReason, allowForAgentRun: true } : { behavior: 'allow', decisionReason };
  };
  return { askUser, prompts };
}

describe('a background agent in bubble mode', () => {
  const { fake, router } = useFake();

  it("asks through the parent's dialog naming itself, and an allow for the rest of its run covers that agent alone", async () => {
    // Each sub-agent calls Shell twice, then reports.
    router.route = (req) => {
      if (!isSubAgentRequest(req)) return { content: [{ type: 'text', text: 'not for the parent' }] };
      return toolResults(req.body.messages as Message[]) < 2 ? { content: [{ type: 'tool_use', name: 'Shell', input: { arg: 'ls' } }] } : { content: [{ type: 'text', text: 'ran it twice' }] };
    };
    const parent = contextWith([shell], { mode: 'default' });
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    const { askUser, prompts } = recordingAskUser('alice');
    const canUseTool = createCanUseTool(createPermissionEngine(), askUser);
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const start = (name: string) => spawn({ agentType: 'general-purpose', prompt: `${name}: run ls twice`, description: 'run ls', name, runInBackground: true }, parent, canUseTool);

    const alice = await start('alice');
    expect(await alice.result).toMatchObject({ status: 'completed', report: 'ran it twice' });
    // Asked once, in the parent's dialog, naming the agent; its second call ran on the allow for its run.
    expect(prompts.map((p) => p.agent)).toEqual([{ agentType: 'general-purpose', description: 'run ls', name: 'alice', background: true }]);

    // Another agent gained nothing from alice's answer: it is asked for each call.
    const bob = await start('bob');
    expect((await bob.result).status).toBe('completed');
    expect(prompts.filter((p) => p.agent?.name === 'bob')).toHaveLength(2);

    // Nor did the parent itself.
    const before = prompts.length;
    const decision = await canUseTool(shell, { arg: 'ls' }, parent, assistantWith(toolUse('Shell', { arg: 'ls' }, 'toolu_main')), 'toolu_main');
    expect(decision.behavior).toBe('allow');
    expect(prompts).toHaveLength(before + 1);
    expect(prompts.at(-1)!.agent).toBeUndefined();
  });

  it("decides with the parent's rules and mode: the parent's deny rule and a safety check still stand after an allow for the run", async () => {
    const parent = contextWith([shell, refusing], { mode: 'acceptEdits', alwaysDenyRules: { projectSettings: ['Shell'] } });
    const child = createSubAgentContext(parent, new AbortController(), {
      agentId: 'abg-1' as AgentId,
      agentType: 'general-purpose',
      description: 'bg',
      tools: [shell, refusing],
      model: MODEL,
      cwd: parent.cwd,
      bubble: {},
    });
    expect(child.getAppState().toolPermissionContext.mode).toBe('bubble');
    const engine = createPermissionEngine();
    child.subAgent!.bubble!.allowedForRun.add('Shell');
    child.subAgent!.bubble!.allowedForRun.add('Refusing');
    expect(await engine(shell, {}, child)).toMatchObject({ behavior: 'deny', decisionReason: { type: 'rule', rule: { source: 'projectSettings' } } });
    expect(await engine(refusing, {}, child)).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
  });

  it('keeps a read-only agent in plan mode: what is not read-only is refused, not asked', async () => {
    const parent = contextWith([shell], { mode: 'default' });
    const child = createSubAgentContext(parent, new AbortController(), {
      agentId: 'abg-2' as AgentId,
      agentType: 'Explore',
      description: 'bg',
      tools: [shell],
      model: MODEL,
      cwd: parent.cwd,
      permissionMode: 'plan',
      bubble: {},
    });
    expect(await createPermissionEngine()(shell, {}, child)).toMatchObject({ behavior: 'deny', decisionReason: { type: 'mode', mode: 'plan' } });
  });
});
