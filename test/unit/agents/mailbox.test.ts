import { describe, expect, it } from 'vitest';
import { createMailbox } from '../../../extension/core/contracts/mailbox';
import { asAgentId } from '../../../extension/core/base/ids';

const id = (s: string) => asAgentId(s);

describe('createMailbox', () => {
  it('delivers by id and by name, oldest first, and take empties the inbox', () => {
    const mailbox = createMailbox();
    const inbox = mailbox.register({ agentId: id('a1'), name: 'alice', teamName: 'red' });
    expect(mailbox.post('a1', { from: 'main', text: 'one' })).toBe(true);
    expect(mailbox.post('alice', { from: 'bob', text: 'two', summary: 's' })).toBe(true);
    expect(inbox.take()).toEqual([
      { from: 'main', text: 'one' },
      { from: 'bob', text: 'two', summary: 's' },
    ]);
    expect(inbox.take()).toEqual([]);
    expect(inbox).toMatchObject({ agentId: 'a1', name: 'alice', teamName: 'red' });
  });

  it('keeps each inbox separate', () => {
    const mailbox = createMailbox();
    const a = mailbox.register({ agentId: id('a1'), name: 'alice' });
    const b = mailbox.register({ agentId: id('a2'), name: 'bob' });
    mailbox.post('bob', { from: 'alice', text: 'hi bob' });
    expect(a.take()).toEqual([]);
    expect(b.take()).toEqual([{ from: 'alice', text: 'hi bob' }]);
  });

  it('refuses a name another running agent uses, an empty name and a second inbox for one id', () => {
    const mailbox = createMailbox();
    mailbox.register({ agentId: id('a1'), name: 'alice' });
    expect(() => mailbox.register({ agentId: id('a2'), name: 'alice' })).toThrow(/already used by a running agent/);
    expect(() => mailbox.register({ agentId: id('a3'), name: ' ' })).toThrow(/cannot be empty/);
    expect(() => mailbox.register({ agentId: id('a1') })).toThrow(/already has an inbox/);
  });

  it('refuses mail to unknown and closed inboxes, and frees the name when closed', () => {
    const mailbox = createMailbox();
    const inbox = mailbox.register({ agentId: id('a1'), name: 'alice' });
    expect(mailbox.post('nobody', { from: 'main', text: 'x' })).toBe(false);
    mailbox.post('alice', { from: 'main', text: 'dropped' });
    inbox.close();
    expect(mailbox.post('alice', { from: 'main', text: 'late' })).toBe(false);
    expect(mailbox.post('a1', { from: 'main', text: 'late' })).toBe(false);
    expect(inbox.take()).toEqual([]);
    expect(mailbox.list()).toEqual([]);
    const again = mailbox.register({ agentId: id('a2'), name: 'alice' });
    expect(mailbox.post('alice', { from: 'main', text: 'new' })).toBe(true);
    expect(again.take()).toEqual([{ from: 'main', text: 'new' }]);
  });

  it('lists the running agents with their names and teams', () => {
    const mailbox = createMailbox();
    mailbox.register({ agentId: id('main'), name: 'main' });
    mailbox.register({ agentId: id('a2'), name: 'bob', teamName: 'red' });
    mailbox.register({ agentId: id('a3') });
    expect(mailbox.list()).toEqual([{ agentId: 'main', name: 'main' }, { agentId: 'a2', name: 'bob', teamName: 'red' }, { agentId: 'a3' }]);
  });

  it('hands out copies: a posted message changed later does not change the delivered one', () => {
    const mailbox = createMailbox();
    const inbox = mailbox.register({ agentId: id('a1') });
    const message = { from: 'main', text: 'before' };
    mailbox.post('a1', message);
    message.text = 'after';
    expect(inbox.take()[0]!.text).toBe('before');
  });
});
