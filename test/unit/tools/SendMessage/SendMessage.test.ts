import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../../../extension/core/base/ids';
import { makeContext } from '../../tool/fixtures';
import { SendMessageTool } from '../../../../extension/tools/SendMessage/SendMessage';
import { RED_TEAM, teamHarness } from '../TeamCreate/teamHarness';

async function withTeams() {
  const h = teamHarness();
  await h.run('TeamCreate', RED_TEAM);
  await h.run('TeamCreate', { team_name: 'blue', members: [{ name: 'carol', prompt: 'p' }] });
  const as = (name: string) => ({ ...h.context, agentId: h.inboxes.get(name)!.agentId as AgentId });
  return { h, as };
}

describe('tools/SendMessage', () => {
  it('delivers from the main agent to a teammate by name and by id, with its summary', async () => {
    const { h } = await withTeams();
    const byName = await h.run('SendMessage', { to: 'alice', message: 'Start with test A', summary: 'kick-off' });
    expect(byName).toMatchObject({ isError: false, text: 'Message sent to alice. They read it at their next turn boundary.' });
    const bobId = h.inboxes.get('bob')!.agentId;
    await h.run('SendMessage', { to: bobId, message: 'You take B' });
    expect(h.inboxes.get('alice')!.take()).toEqual([{ from: 'main', text: 'Start with test A', summary: 'kick-off' }]);
    expect(h.inboxes.get('bob')!.take()).toEqual([{ from: 'main', text: 'You take B' }]);
  });

  it('names a teammate sender by its name and reaches the main agent as lead', async () => {
    const { h, as } = await withTeams();
    const probe = h.context.mailbox!.register({ agentId: 'aprobe-0123456789abcdef' as AgentId, name: 'probe' });
    expect((await h.run('SendMessage', { to: 'probe', message: 'x' }, as('alice'))).isError).toBe(false);
    expect(probe.take()).toEqual([{ from: 'alice', text: 'x' }]);
    const { isError } = await h.run('SendMessage', { to: 'lead', message: 'done with A' }, as('alice'));
    expect(isError).toBe(false);
    await h.run('SendMessage', { to: 'main', message: 'B is hard', summary: 'stuck' }, as('bob'));
    expect(h.mainInbox.take()).toEqual([
      { from: 'alice', text: 'done with A' },
      { from: 'bob', text: 'B is hard', summary: 'stuck' },
    ]);
  });

  it('broadcasts "*" to the other members of the sender\'s team only; from the main agent to every teammate', async () => {
    const { h, as } = await withTeams();
    const { text } = await h.run('SendMessage', { to: '*', message: 'sync' }, as('alice'));
    expect(text).toBe('Message sent to 1 teammate(s). They read it at their next turn boundary.');
    expect(h.inboxes.get('bob')!.take()).toEqual([{ from: 'alice', text: 'sync' }]);
    expect(h.inboxes.get('alice')!.take()).toEqual([]);
    expect(h.inboxes.get('carol')!.take()).toEqual([]);
    await h.run('SendMessage', { to: '*', message: 'all stop' });
    expect(['alice', 'bob', 'carol'].map((n) => h.inboxes.get(n)!.take().length)).toEqual([1, 1, 1]);
  });

  it('refuses an unknown or finished recipient and lists the running agents', async () => {
    const { h } = await withTeams();
    h.inboxes.get('carol')!.close();
    const { text, isError, stage } = await h.run('SendMessage', { to: 'carol', message: 'hi' });
    expect({ isError, stage }).toEqual({ isError: true, stage: 'validation' });
    expect(text).toContain('No running agent is named "carol". Running agents: alice (');
    expect(text).toContain('team red');
    expect(text).not.toContain('carol (');
  });

  it('refuses a message to itself, and "*" when no team runs', async () => {
    const { h, as } = await withTeams();
    expect((await h.run('SendMessage', { to: 'alice', message: 'me' }, as('alice'))).text).toContain('That is you');
    const lone = teamHarness();
    expect((await lone.run('SendMessage', { to: '*', message: 'anyone?' })).text).toContain('no team is running');
  });

  it('refuses where there is no mailbox, and malformed input', async () => {
    const h = teamHarness();
    const bare = makeContext([SendMessageTool], { discoveredToolNames: new Set([SendMessageTool.name]) });
    expect((await h.run('SendMessage', { to: 'x', message: 'y' }, bare)).text).toContain('Messages between agents are not available here');
    expect(await h.run('SendMessage', { to: '', message: 'y' })).toMatchObject({ isError: true, stage: 'invalid_input' });
    expect(await h.run('SendMessage', { to: 'alice' })).toMatchObject({ isError: true, stage: 'invalid_input' });
    expect(await h.run('SendMessage', { to: 'alice', message: 'y', extra: 1 })).toMatchObject({ isError: true, stage: 'invalid_input' });
  });
});
