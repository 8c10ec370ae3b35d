import { describe, expect, it } from 'vitest';
import { transitionTask } from '../../../../extension/core/engines/tasks/lifecycle';
import { RED_TEAM, teamHarness } from '../TeamCreate/teamHarness';

describe('tools/TeamDelete', () => {
  it('stops the live members through the task registry, leaves finished ones, and removes the team', async () => {
    const h = teamHarness();
    await h.run('TeamCreate', RED_TEAM);
    const [alice, bob] = h.context.getAppState().teams['red']!.members;
    transitionTask(h.context.setAppState, bob!.taskId!, 'completed');

    const { text, isError } = await h.run('TeamDelete', { team_name: 'red' });
    expect(isError).toBe(false);
    expect(text).toBe('Team "red" removed. Stopped: alice. Already finished: bob.');
    expect(h.killed).toEqual([alice!.taskId]);
    const tasks = h.context.getAppState().tasks;
    expect([tasks[alice!.taskId!]!.status, tasks[bob!.taskId!]!.status]).toEqual(['killed', 'completed']);
    expect(h.context.getAppState().teams).toEqual({});
    // The name is free again.
    expect((await h.run('TeamCreate', { ...RED_TEAM, members: [{ name: 'dave', prompt: 'p' }] })).isError).toBe(false);
  });

  it('refuses an unknown team and names the ones that exist', async () => {
    const h = teamHarness();
    expect((await h.run('TeamDelete', { team_name: 'red' })).text).toContain('No team named "red". No team exists in this session.');
    await h.run('TeamCreate', RED_TEAM);
    const { text, isError, stage } = await h.run('TeamDelete', { team_name: 'blue' });
    expect({ isError, stage }).toEqual({ isError: true, stage: 'validation' });
    expect(text).toContain('No team named "blue". Teams: red.');
    expect(h.killed).toEqual([]);
  });

  it('rejects a missing team_name', async () => {
    const h = teamHarness();
    const { isError, stage } = await h.run('TeamDelete', {});
    expect({ isError, stage }).toEqual({ isError: true, stage: 'invalid_input' });
  });
});
