/**
 * Prompts that arrive while a turn runs (docs/ARCHITECTURE.md, Mid-turn messages): typed ones and the ones
 * scheduled jobs send. The running turn takes what can join it at its next tool boundary (midTurn.ts); what
 * is left goes out one per finished turn, in order; Stop hands them back to the composer (promptQueue.ts).
 */
import type { CronJob } from '../core/contracts/cron';
import type { MailMessage } from '../core/contracts/mailbox';
import type { QueuedPromptView } from '../protocol/messages';
import type { ChatState } from './chatState';
import { canJoinTurn, promptMail } from './midTurn';
import { PromptQueue, type ReturnedPrompts } from './promptQueue';
import type { ImageAttachment } from './userPrompt';

export interface ChatQueueDeps {
  /** Sends one prompt as a turn (ChatSession.send); resolves when the turn ends. */
  send(text: string, images: readonly ImageAttachment[]): Promise<void>;
  /** The user prompted: the idle wake counts its automatic turns from zero again (idleWake.ts). */
  userPrompted(): void;
}

export class ChatQueue {
  private readonly prompts: PromptQueue;

  constructor(
    private readonly state: ChatState,
    private readonly deps: ChatQueueDeps,
  ) {
    this.prompts = new PromptQueue((queue) => {
      state.emit({ type: 'queueChanged', queue });
    });
    state.cron?.setFireHandler((job) => this.fire(job));
  }

  /**
   * Sends now or, while a turn runs, queues the prompt: the turn takes it at its next tool boundary, after the
   * running tools finished (see midTurn.ts); what is left goes out one per finished turn, in order. With
   * `interrupt` (the composer's "Send now") it also cancels the running 'cancel' tools so the boundary comes
   * at once. Stop hands queued prompts back instead (see `returnAll`). Resolves when the queue is empty.
   */
  async submit(text: string, images: readonly ImageAttachment[] = [], opts: { interrupt?: boolean } = {}): Promise<void> {
    this.deps.userPrompted();
    if (this.state.sending) {
      const queued = { id: this.state.deps.newId(), text, images };
      this.prompts.add(queued);
      // Only when the turn will take it: a prompt behind one that waits for the next turn waits too.
      if (opts.interrupt && this.prompts.every(canJoinTurn)) this.state.agent.interrupt();
      return;
    }
    await this.deps.send(text, images);
    await this.drain();
  }

  /** Sends what was queued behind the turn that just ended, one turn each, until the queue is empty. */
  async drain(): Promise<void> {
    for (let next = this.prompts.shift(); next; next = this.state.sending ? undefined : this.prompts.shift()) {
      await this.deps.send(next.text, next.images);
    }
  }

  /** Prompts waiting for the running turn to end. */
  queued(): QueuedPromptView[] {
    return this.prompts.views();
  }

  /** Cancels one queued prompt; unknown ids (already sent) are ignored. */
  removeQueued(id: string): void {
    this.prompts.remove(id);
  }

  /** Prompts a Stop took off the queue, once: the view puts them back into the composer. */
  takeReturned(): ReturnedPrompts | undefined {
    return this.prompts.takeReturned();
  }

  /** The prompts at the front that can join the running turn, as the mail it takes at a tool boundary. */
  takeForTurn(): MailMessage[] {
    return this.prompts.takeLeading(canJoinTurn).map(promptMail);
  }

  /** Stop: the queued prompts go back to the composer (`takeReturned`), unsent. */
  returnAll(): void {
    if (this.prompts.returnAll()) this.state.emit({ type: 'promptsReturned' });
  }

  /** Another session: what waited for the old one is dropped. */
  clear(): void {
    this.prompts.clear();
  }

  /** A scheduled job fired (docs/ARCHITECTURE.md, "Scheduled and watched work"): sent now when idle, else queued behind the turn. */
  private fire(job: CronJob): void {
    this.state.deps.log.info(`Scheduled job ${job.id} (${job.cron}) fired.`);
    if (this.state.sending) return this.prompts.add({ id: this.state.deps.newId(), text: job.prompt, images: [], source: 'schedule' });
    void this.submit(job.prompt);
  }
}
