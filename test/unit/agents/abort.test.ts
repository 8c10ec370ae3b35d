import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import type { ShellPort, ShellProcess } from '../../../extension/core/contracts/shell';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { clientFor, MODEL } from '../agent/queryHarness';
import { allowAll, makeContext } from '../tool/fixtures';
import { until } from '../support';
import { useFake } from './harness';

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("aborting the parent stops its sub-agent's commands", () => {
  const { fake, router } = useFake();
  const shell = new NodeShell({ killGraceMs: 500 });
  afterAll(() => shell.dispose());

  it("kills the process tree of the sub-agent's running Bash command", async () => {
    const spawned: ShellProcess[] = [];
    const recording: ShellPort = {
      spawn: (command, opts) => {
        const p = shell.spawn(command, opts);
        spawned.push(p);
        return p;
      },
      sandbox: () => shell.sandbox(),
    };
    const parent = makeContext([createBashTool()]);
    parent.ports = { ...parent.ports, shell: recording };
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    let step = 0;
    router.route = () =>
      step++ === 0
        ? { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sleep 30 & sleep 31; wait', description: 'wait' } }] }
        : { content: [{ type: 'text', text: 'should not get here' }] };

    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const agent = await spawn({ agentType: 'general-purpose', prompt: 'Wait.', description: 'wait a while', runInBackground: false }, parent, allowAll);
    await until(() => spawned.length === 1 && spawned[0]!.pid !== undefined, 5000);
    const pid = spawned[0]!.pid!;
    await until(() => groupAlive(pid), 2000);

    parent.abortController.abort();
    const result = await agent.result;
    expect(result.status).toBe('killed');
    expect(result.report).toContain('stopped before it finished');
    await until(() => !groupAlive(pid), 5000);
    expect(groupAlive(pid)).toBe(false);
    expect(step).toBe(1);
  });
});
