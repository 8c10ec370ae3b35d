/**
 * A teammate between turns (docs/ARCHITECTURE.md, Teams): an `in_process_teammate` does not end when its model
 * ends a turn. Its reply goes to the lead as mail, it waits idle (its task still running) until mail reaches
 * its inbox, and that mail is the next user message of the same conversation. It ends when it is killed, when
 * a turn fails, or after `maxTurns` turns.
 */
import { withMail } from '../query/inbox';
import type { UserMessage } from '../../base/messages';
import type { Inbox, MailMessage } from '../../contracts/mailbox';

/** Turns a teammate may take before it ends, completed, with a note saying why. */
export const MAX_TEAMMATE_TURNS = 50;

/** What the agent loop needs to keep a teammate alive between turns. */
export interface TeammateHooks {
  inbox: Inbox;
  maxTurns: number;
  /** Sends a turn's final reply to the lead. */
  report(text: string): void;
  /** The teammate waits for mail (true) or took up a turn (false): its task's `idle` flag. */
  setIdle(idle: boolean): void;
}

/**
 * The mail that waits, or the first that arrives; undefined when `signal` aborts first. Listens through the
 * inbox's arrival listener (no polling) and removes its listeners either way.
 */
export function waitForMail(inbox: Inbox, signal: AbortSignal): Promise<MailMessage[] | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  if (inbox.waiting() > 0) return Promise.resolve(inbox.take());
  return new Promise((resolve) => {
    const done = (mail: MailMessage[] | undefined) => {
      stopListening();
      signal.removeEventListener('abort', onAbort);
      resolve(mail);
    };
    const onAbort = () => done(undefined);
    const stopListening = inbox.onMail(() => {
      if (inbox.waiting() > 0) done(inbox.take());
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The user message a teammate's mail becomes: each message formatted as `query()` sends mid-turn mail. */
export function mailTurn(mail: readonly MailMessage[]): UserMessage {
  return withMail({ role: 'user', content: [] }, mail);
}

/** The note a teammate's report ends with when the turn cap ended it. */
export function turnCapNote(maxTurns: number): string {
  return `(The teammate reached its limit of ${maxTurns} turns and stopped.)`;
}
