import { describe, expect, it } from 'vitest';
import { createMailbox } from '../../../extension/core/contracts/mailbox';
import { mailTurn, waitForMail } from '../../../extension/core/loop/subagents/teammate';
import type { AgentId } from '../../../extension/core/base/ids';

/** An abort signal that counts its live 'abort' listeners. */
function countedSignal() {
  const controller = new AbortController();
  let live = 0;
  const { signal } = controller;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    live++;
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener) => {
    live--;
    remove(type, listener);
  }) as typeof signal.removeEventListener;
  return { controller, signal, live: () => live };
}

describe('waitForMail', () => {
  const inboxOf = () => {
    const mailbox = createMailbox();
    let listeners = 0;
    const inbox = mailbox.register({ agentId: 'amate-0123456789abcdef' as AgentId, name: 'alice' });
    const counted = {
      ...inbox,
      onMail(listener: () => void) {
        listeners++;
        const off = inbox.onMail(listener);
        return () => {
          listeners--;
          return off();
        };
      },
    };
    return { mailbox, inbox: counted, listeners: () => listeners };
  };

  it('takes what already waits without listening', async () => {
    const { mailbox, inbox, listeners } = inboxOf();
    mailbox.post('alice', { from: 'main', text: 'hi' });
    const { signal, live } = countedSignal();
    expect(await waitForMail(inbox, signal)).toEqual([{ from: 'main', text: 'hi' }]);
    expect([listeners(), live()]).toEqual([0, 0]);
  });

  it('resolves on arrival and removes both listeners', async () => {
    const { mailbox, inbox, listeners } = inboxOf();
    const { signal, live } = countedSignal();
    const waiting = waitForMail(inbox, signal);
    expect([listeners(), live()]).toEqual([1, 1]);
    mailbox.post('alice', { from: 'bob', text: 'B' });
    expect(await waiting).toEqual([{ from: 'bob', text: 'B' }]);
    expect([listeners(), live()]).toEqual([0, 0]);
  });

  it('resolves undefined at once on abort, leaving the mail and no listener', async () => {
    const { mailbox, inbox, listeners } = inboxOf();
    const { controller, signal, live } = countedSignal();
    const waiting = waitForMail(inbox, signal);
    controller.abort();
    expect(await waiting).toBeUndefined();
    expect([listeners(), live()]).toEqual([0, 0]);
    mailbox.post('alice', { from: 'bob', text: 'late' });
    expect(inbox.waiting()).toBe(1);
    expect(await waitForMail(inbox, signal)).toBeUndefined();
  });

  it('formats mail as query() sends mid-turn mail', () => {
    expect(mailTurn([{ from: 'main', text: 'Go.', summary: 'go' }, { from: 'user', text: 'typed' }])).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '<message from="main" summary="go">\nGo.\n</message>' },
        { type: 'text', text: 'typed' },
      ],
    });
  });
});
