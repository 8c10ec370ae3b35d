import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../../extension/core/engines/permissions/bash';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import { loadBashParser } from '../../../extension/host/node/bashParser';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { clientFor, MODEL } from '../agent/queryHarness';
import { makeContext } from '../tool/fixtures';
import { useFake } from './harness';

describe('an Explore agent runs in plan mode', () => {
  const { fake, router } = useFake();
  let parser: ShellParser;
  beforeAll(async () => {
    parser = await loadBashParser();
  });

  it('runs read-only commands and is refused anything that changes files, with the reason, while the parent mode stays', async () => {
    const shell = new NodeShell();
    const bash = createBashTool({ parser });
    const parent = makeContext([bash]);
    parent.ports = { ...parent.ports, shell };
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    parent.setAppState((s) => ({ ...s, toolPermissionContext: { ...s.toolPermissionContext, mode: 'bypassPermissions' } }));
    const commands = ['ls', 'touch created.txt'];
    let step = 0;
    router.route = () =>
      step < commands.length ? { content: [{ type: 'tool_use', name: 'Bash', input: { command: commands[step++] } }] } : { content: [{ type: 'text', text: 'done' }] };
    const asked: string[] = [];
    const canUseTool = createCanUseTool(createPermissionEngine(), async (prompt) => {
      asked.push(String(prompt.input.command));
      return { behavior: 'deny', message: 'no', decisionReason: { type: 'other', reason: 'test' } };
    });
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const result = await (await spawn({ agentType: 'Explore', prompt: 'look', description: 'look', runInBackground: false }, parent, canUseTool)).result;
    await shell.dispose();

    const toolResults = result.messages.flatMap((m) => (m.role === 'user' && Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result') : []));
    expect(toolResults.map((b) => b.is_error === true)).toEqual([false, true]);
    expect(JSON.stringify(toolResults[1])).toContain('Plan mode is on: Bash would change something');
    expect(existsSync(path.join(parent.cwd, 'created.txt'))).toBe(false);
    expect(asked).toEqual([]);
    expect(parent.getAppState().toolPermissionContext.mode).toBe('bypassPermissions');
  });
});
