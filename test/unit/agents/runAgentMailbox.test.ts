import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../../extension/core/loop/subagents/definitions';
import type { Inbox, MailMessage, Mailbox } from '../../../extension/core/contracts/mailbox';
import { createSpawnAgent } from '../../../extension/core/loop/subagents/runAgent';
import type { AgentId } from '../../../extension/core/base/ids';
import type { LocalAgentTaskState } from '../../../extension/core/engines/tasks/localAgent';
import { taskRegistry } from '../../../extension/core/engines/tasks/registry';
import type { WorktreeInfo, WorktreePort } from '../../../extension/core/contracts/worktree';
import { clientFor, MODEL } from '../agent/queryHarness';
import { allowAll, makeContext } from '../tool/fixtures';
import { until } from '../support';
import { useFake } from './harness';

/** Inboxes in a map; a name in use by an open inbox is refused, as the contract says. */
class FakeMailbox implements Mailbox {
  readonly inboxes: { agentId: AgentId; name?: string; teamName?: string; closed: boolean; queue: MailMessage[] }[] = [];
  register(agent: { agentId: AgentId; name?: string; teamName?: string }): Inbox {
    if (agent.name && this.inboxes.some((i) => !i.closed && i.name === agent.name)) throw new Error(`The name ${agent.name} is in use.`);
    const entry = { ...agent, closed: false, queue: [] as MailMessage[] };
    this.inboxes.push(entry);
    return {
      agentId: agent.agentId,
      take: () => entry.queue.splice(0),
      waiting: () => entry.queue.length,
      onMail: () => () => {},
      close: () => void (entry.closed = true),
    };
  }
  post(to: string, message: MailMessage): boolean {
    const inbox = this.inboxes.find((i) => !i.closed && (i.agentId === to || i.name === to));
    inbox?.queue.push(message);
    return inbox !== undefined;
  }
  list() {
    return this.inboxes.filter((i) => !i.closed).map(({ agentId, name, teamName }) => ({ agentId, ...(name ? { name } : {}), ...(teamName ? { teamName } : {}) }));
  }
}

describe('a sub-agent and the mailbox', () => {
  const { fake, router } = useFake();

  function parentWith(mailbox: Mailbox, worktrees?: WorktreePort) {
    const parent = makeContext([]);
    parent.options.agentDefinitions = BUILTIN_AGENTS;
    parent.options.mainLoopModel = MODEL;
    parent.mailbox = mailbox;
    if (worktrees) parent.ports = { ...parent.ports, worktrees };
    return parent;
  }

  it('registers an inbox under its name and team while it runs, and closes it when it ends', async () => {
    const mailbox = new FakeMailbox();
    const seen: ReturnType<Mailbox['list']>[] = [];
    router.route = () => {
      seen.push(mailbox.list());
      return { content: [{ type: 'text', text: 'done' }] };
    };
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const agent = await spawn({ agentType: 'general-purpose', prompt: 'p', description: 'mate', name: 'researcher', teamName: 'alpha', runInBackground: false }, parentWith(mailbox), allowAll);
    await agent.result;
    expect(seen).toEqual([[{ agentId: agent.agentId, name: 'researcher', teamName: 'alpha' }]]);
    expect(mailbox.list()).toEqual([]);
  });

  it('starts a teammate as an in_process_teammate task reachable by its name', async () => {
    const mailbox = new FakeMailbox();
    router.route = () => ({ content: [{ type: 'text', text: 'teammate done' }] });
    const parent = parentWith(mailbox);
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const request = { agentType: 'Explore', prompt: 'p', description: 'mate', name: 'scout', teamName: 'alpha', runInBackground: true, taskType: 'in_process_teammate' as const };
    const agent = await spawn(request, parent, allowAll);
    expect(agent.taskId).toMatch(/^t[0-9a-z]{8}$/);
    expect(agent.agentId).toMatch(/^aexplore-[0-9a-f]{16}$/);
    expect(parent.getAppState().tasks[agent.taskId!]).toMatchObject({ type: 'in_process_teammate', name: 'scout', teamName: 'alpha', status: 'running' });
    // A teammate outlives its turn (teammate.test.ts): idle, still running, until it is stopped.
    await until(() => (parent.getAppState().tasks[agent.taskId!] as LocalAgentTaskState).idle === true, 5000);
    expect(parent.getAppState().tasks[agent.taskId!]).toMatchObject({ status: 'running' });
    await taskRegistry.killTask(agent.taskId!, { getAppState: parent.getAppState, setAppState: parent.setAppState });
    expect((await agent.result).report).toBe('teammate done\n\n(The agent was stopped before it finished.)');
    expect(parent.getAppState().tasks[agent.taskId!]).toMatchObject({ status: 'killed' });
  });

  it('refuses a name in use and leaves no worktree behind', async () => {
    const mailbox = new FakeMailbox();
    mailbox.register({ agentId: 'aother-0123456789abcdef' as AgentId, name: 'researcher' });
    const created: WorktreeInfo[] = [];
    const worktrees: WorktreePort = {
      create: async (cwd) => {
        const info = { path: `${cwd}/wt`, branch: 'wt', repoRoot: cwd };
        created.push(info);
        return info;
      },
      hasChanges: async () => false,
      remove: async () => {},
      find: async () => undefined,
    };
    const spawn = createSpawnAgent({ model: clientFor(fake), settings: () => ({ maxTokens: 1024 }) });
    const request = { agentType: 'general-purpose', prompt: 'p', description: 'mate', name: 'researcher', runInBackground: true, isolation: 'worktree' as const };
    await expect(spawn(request, parentWith(mailbox, worktrees), allowAll)).rejects.toThrow('The name researcher is in use.');
    expect(created).toEqual([]);
  });
});
