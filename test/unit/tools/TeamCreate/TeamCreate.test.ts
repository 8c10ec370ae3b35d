import { describe, expect, it } from 'vitest';
import { createAppStateStore } from '../../../../extension/core/contracts/appState';
import { RED_TEAM, teamHarness } from './teamHarness';

describe('tools/TeamCreate', () => {
  it('starts every member as a background in_process_teammate and records the team', async () => {
    const h = teamHarness();
    const { text, isError } = await h.run('TeamCreate', RED_TEAM);
    expect(isError).toBe(false);
    expect(h.requests.map((r) => ({ name: r.name, team: r.teamName, type: r.agentType, model: r.model, bg: r.runInBackground, task: r.taskType }))).toEqual([
      { name: 'alice', team: 'red', type: 'general-purpose', model: undefined, bg: true, task: 'in_process_teammate' },
      { name: 'bob', team: 'red', type: 'Explore', model: 'haiku', bg: true, task: 'in_process_teammate' },
    ]);
    const team = h.context.getAppState().teams['red']!;
    expect(team.description).toBe('Fix the flaky tests');
    expect(team.members.map((m) => m.name)).toEqual(['alice', 'bob']);
    for (const m of team.members) {
      expect(m.agentId).toBe(h.inboxes.get(m.name)!.agentId);
      expect(h.context.getAppState().tasks[m.taskId!]).toMatchObject({ type: 'in_process_teammate', status: 'running' });
      expect(text).toContain(`- ${m.name} (agent ${m.agentId}, task ${m.taskId})`);
    }
    expect(text).toMatch(/^Team "red" started with 2 teammate\(s\):/);
  });

  it("tells each member its team, its teammates, SendMessage and the shared task list, then its own task", async () => {
    const h = teamHarness();
    await h.run('TeamCreate', RED_TEAM);
    const alice = h.requests[0]!.prompt;
    expect(alice).toContain('You are "alice", a member of the team "red" (Fix the flaky tests).');
    expect(alice).toContain('Your teammates: bob.');
    expect(alice).toMatch(/SendMessage/);
    expect(alice).toMatch(/TaskList/);
    expect(alice).toContain('owner: "alice"');
    expect(alice.trimEnd().endsWith('Your task:\nFix test A')).toBe(true);
    expect(h.requests[1]!.prompt).toContain('Your teammates: alice.');
  });

  it('writes the team through setAppStateForTasks when the caller is a sub-agent', async () => {
    const h = teamHarness();
    const root = createAppStateStore();
    const sub = { ...h.context, setAppState: () => {}, setAppStateForTasks: root.setState, getAppState: root.getState };
    const { isError } = await h.run('TeamCreate', RED_TEAM, sub);
    expect(isError).toBe(false);
    expect(Object.keys(root.getState().teams)).toEqual(['red']);
  });

  it('refuses when no sub-agents can run here', async () => {
    const h = teamHarness({ spawn: false });
    const { text, isError, stage } = await h.run('TeamCreate', RED_TEAM);
    expect({ isError, stage }).toEqual({ isError: true, stage: 'validation' });
    expect(text).toContain('Sub-agents are not available here');
  });

  it.each([
    ['a duplicate team name', async (h: ReturnType<typeof teamHarness>) => void (await h.run('TeamCreate', RED_TEAM)), RED_TEAM, 'A team named "red" already exists. Pick another name, or stop it first with TeamDelete.'],
    ['two members with one name', async () => {}, { team_name: 't', members: [{ name: 'x', prompt: 'a' }, { name: 'x', prompt: 'b' }] }, 'Two members are named "x"'],
    ['the main agent\'s name', async () => {}, { team_name: 't', members: [{ name: 'lead', prompt: 'a' }] }, '"lead" is reserved for the main agent'],
    [
      'a running agent\'s name',
      async (h: ReturnType<typeof teamHarness>) => void h.context.mailbox!.register({ agentId: 'aother-0123456789abcdef' as never, name: 'carol' }),
      { team_name: 't', members: [{ name: 'carol', prompt: 'a' }] },
      '"carol" is already the name of a running agent',
    ],
  ])('refuses %s before starting anything', async (_what, before, input, message) => {
    const h = teamHarness();
    await before(h);
    const spawnedBefore = h.requests.length;
    const { text, isError } = await h.run('TeamCreate', input);
    expect(isError).toBe(true);
    expect(text).toContain(message);
    expect(h.requests.length).toBe(spawnedBefore);
  });

  it.each([
    [{ team_name: 'red', members: [] }, 'at least one member'],
    [{ team_name: 'red', members: Array.from({ length: 9 }, (_, i) => ({ name: `m${i}`, prompt: 'p' })) }, 'at most 8 members'],
    [{ team_name: 'red team', members: [{ name: 'a', prompt: 'p' }] }, 'team_name'],
    [{ team_name: 'red', members: [{ name: 'a', prompt: '' }] }, 'prompt cannot be empty'],
    [{ team_name: 'red', members: [{ name: 'a', prompt: 'p', model: 'gpt' }] }, 'model'],
  ])('rejects malformed input %#', async (input, message) => {
    const h = teamHarness();
    const { text, isError, stage } = await h.run('TeamCreate', input);
    expect({ isError, stage }).toEqual({ isError: true, stage: 'invalid_input' });
    expect(text).toContain(message);
  });

  it('stops the members already started when one cannot start, and records no team', async () => {
    const h = teamHarness({ failFor: 'bob' });
    const { text, isError } = await h.run('TeamCreate', RED_TEAM);
    expect(isError).toBe(true);
    expect(text).toContain('Could not start teammate "bob": unknown agent type "nope". No team was created and the teammates already started were stopped.');
    const tasks = Object.values(h.context.getAppState().tasks);
    expect(tasks.map((t) => t.status)).toEqual(['killed']);
    expect(h.context.getAppState().teams).toEqual({});
    expect(h.context.mailbox!.list().map((a) => a.name)).toEqual(['main']);
  });
});
