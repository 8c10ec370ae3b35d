import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import type { CanUseToolFn } from '../../../extension/core/contracts/tool';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { TodoWriteTool } from '../../../extension/tools/TodoWrite/TodoWrite';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { clientFor, MODEL } from '../agent/queryHarness';
import { makeContext } from '../tool/fixtures';
import { useFake } from './harness';

describe("a sub-agent's context is isolated from its parent's", () => {
  const { fake, router } = useFake();

  it('reads, writes todos and is denied without touching the parent state', async () => {
    const tools = [ReadTool, WriteTool, TodoWriteTool];
    const parent = makeContext(tools);
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    const file = path.join(parent.cwd, 'notes.txt');
    writeFileSync(file, 'hello\n');
    parent.readFileState.set('/elsewhere.txt', { content: 'x', timestamp: 1 });
    const stateBefore = parent.getAppState();
    const readStateBefore = [...parent.readFileState.entries()];

    const steps = [
      { type: 'tool_use', name: 'Read', input: { file_path: file } },
      { type: 'tool_use', name: 'TodoWrite', input: { todos: [{ content: 'Check notes', status: 'in_progress', activeForm: 'Checking notes' }] } },
      { type: 'tool_use', name: 'Write', input: { file_path: file, content: 'changed\n' } },
    ] as const;
    let step = 0;
    router.route = () => (step < steps.length ? { content: [steps[step++]!] } : { content: [{ type: 'text', text: 'Could not write.' }] });
    const denyWrites: CanUseToolFn = async (tool, input) =>
      tool.name === 'Write' ? { behavior: 'deny', message: 'No writes.', decisionReason: { type: 'other', reason: 'test' } } : { behavior: 'allow', updatedInput: input };

    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const spawned = await spawn({ agentType: 'general-purpose', prompt: 'Check the notes.', description: 'check notes', runInBackground: false }, parent, denyWrites);
    const result = await spawned.result;

    expect(result.status).toBe('completed');
    expect(result.toolUses).toBe(3);
    const denied = JSON.stringify(result.messages);
    expect(denied).toContain('No writes.');
    expect(denied).toContain('hello');
    // The parent: same state object (no todos, same permission context), no denials, no decisions, its own read state.
    expect(parent.getAppState()).toBe(stateBefore);
    expect(parent.getAppState().todos).toEqual({});
    expect(parent.localDenialTracking).toEqual({ consecutiveDenials: 0, totalDenials: 0 });
    expect(parent.toolDecisions.size).toBe(0);
    expect([...parent.readFileState.entries()]).toEqual(readStateBefore);
    expect(parent.abortController.signal.aborted).toBe(false);
  });

  it("asks through the parent's canUseTool with a context that names the sub-agent", async () => {
    const parent = makeContext([ReadTool]);
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    let step = 0;
    router.route = () =>
      step++ === 0 ? { content: [{ type: 'tool_use', name: 'Read', input: { file_path: path.join(parent.cwd, 'missing.txt') } }] } : { content: [{ type: 'text', text: 'done' }] };
    const asked: { tool: string; agent: unknown; cwd: string }[] = [];
    const record: CanUseToolFn = async (tool, input, context) => {
      asked.push({ tool: tool.name, agent: context.subAgent, cwd: context.cwd });
      return { behavior: 'allow', updatedInput: input };
    };
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const spawned = await spawn({ agentType: 'Explore', prompt: 'Look.', description: 'find config loaders', runInBackground: false }, parent, record);
    await spawned.result;
    expect(asked).toEqual([{ tool: 'Read', agent: { agentId: spawned.agentId, agentType: 'Explore', description: 'find config loaders' }, cwd: parent.cwd }]);
  });
});
