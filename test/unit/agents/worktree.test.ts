import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import { buildTool } from '../../../extension/core/contracts/tool';
import type { WorktreeInfo, WorktreePort } from '../../../extension/core/contracts/worktree';
import { clientFor, MODEL } from '../agent/queryHarness';
import { allowAll, makeContext } from '../tool/fixtures';
import { useFake } from './harness';

/** Worktrees as folders in a temp dir; "changes" are files written into them. */
class FakeWorktrees implements WorktreePort {
  readonly live = new Map<string, WorktreeInfo>();
  readonly removed: string[] = [];
  constructor(private readonly root = mkdtempSync(path.join(tmpdir(), 'cw-wt-'))) {}
  async create(cwd: string, options?: { name?: string }) {
    const info = { path: path.join(this.root, options?.name ?? 'wt'), branch: `worktree-${options?.name ?? 'wt'}`, repoRoot: cwd };
    mkdirSync(info.path);
    this.live.set(info.path, info);
    return info;
  }
  async hasChanges(info: WorktreeInfo) {
    return readdirSync(info.path).length > 0;
  }
  async remove(info: WorktreeInfo) {
    this.live.delete(info.path);
    this.removed.push(info.path);
  }
  async find(p: string) {
    return this.live.get(p);
  }
}

/** Writes `marker.txt` in its context's working directory: the sub-agent's changes. */
const touchTool = buildTool({
  name: 'Touch',
  inputSchema: z.strictObject({}),
  maxResultSizeChars: 1000,
  async description() {
    return 'touch';
  },
  async prompt() {
    return 'Writes marker.txt in the working directory.';
  },
  async call(_args, context) {
    writeFileSync(path.join(context.cwd, 'marker.txt'), 'x');
    return { data: context.cwd };
  },
  mapToolResultToToolResultBlockParam: (cwd: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: `wrote in ${cwd}` }),
});

describe('isolation: "worktree"', () => {
  const { fake, router } = useFake();

  function setup(port?: WorktreePort) {
    const parent = makeContext([touchTool]);
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    if (port) parent.ports = { ...parent.ports, worktrees: port };
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const request = { agentType: 'general-purpose', prompt: 'Work.', description: 'work', runInBackground: false, isolation: 'worktree' as const };
    return { parent, run: () => spawn(request, parent, allowAll) };
  }

  it('runs in a worktree that is removed when the agent changed nothing', async () => {
    router.route = () => ({ content: [{ type: 'text', text: 'Nothing needed.' }] });
    const port = new FakeWorktrees();
    const { run } = setup(port);
    const result = await (await run()).result;
    expect(result.worktree).toBeUndefined();
    expect(port.removed).toHaveLength(1);
    expect(port.live.size).toBe(0);
    const sys = JSON.stringify(fake.requests.at(-1)!.body.system);
    expect(sys).toContain(`Your working directory is ${port.removed[0]}`);
  });

  it('keeps the worktree with its changes and names its path and branch', async () => {
    let step = 0;
    router.route = () => (step++ === 0 ? { content: [{ type: 'tool_use', name: 'Touch', input: {} }] } : { content: [{ type: 'text', text: 'Changed it.' }] });
    const port = new FakeWorktrees();
    const { parent, run } = setup(port);
    const result = await (await run()).result;
    const [info] = [...port.live.values()];
    expect(result.worktree).toEqual({ path: info!.path, branch: info!.branch });
    expect(port.removed).toEqual([]);
    expect(JSON.stringify(result.messages)).toContain(`wrote in ${info!.path}`);
    expect(info!.path).not.toBe(parent.cwd);
  });

  it('without a worktree port, fails with a message that says what to do', async () => {
    const { run } = setup();
    await expect(run()).rejects.toThrow('isolation "worktree" is not available here: this host cannot create git worktrees. Run the agent without isolation');
  });
});
