/**
 * Prompts typed while a turn runs. The session owns the queue (not the webview), so a queued prompt is
 * sent when the turn ends even if the sidebar is hidden, and it survives a reload of the view.
 */
import type { QueuedPromptView } from '../protocol/messages';
import type { ImageAttachment } from './userPrompt';

export interface QueuedPrompt {
  id: string;
  text: string;
  images: readonly ImageAttachment[];
  /** Where it came from when not typed: `schedule` = a scheduled job fired (CronCreate). */
  source?: 'schedule';
}

/** Queued prompts a Stop handed back, for the composer. */
export interface ReturnedPrompts {
  text: string;
  images: ImageAttachment[];
}

/** Most prompts that may wait; more are refused rather than silently dropped. */
export const MAX_QUEUED_PROMPTS = 20;

export class PromptQueue {
  private items: QueuedPrompt[] = [];
  private returned: QueuedPrompt[] = [];

  constructor(private readonly changed: (queue: QueuedPromptView[]) => void) {}

  /** Adds a prompt at the end; throws when the queue is full. */
  add(prompt: QueuedPrompt): void {
    if (this.items.length >= MAX_QUEUED_PROMPTS) {
      throw new Error(`${MAX_QUEUED_PROMPTS} messages are already queued; wait for the agent or remove some.`);
    }
    this.items.push(prompt);
    this.notify();
  }

  /** Removes one queued prompt; false when it was already sent or removed. */
  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((p) => p.id !== id);
    if (this.items.length === before) return false;
    this.notify();
    return true;
  }

  /**
   * Takes the prompts at the front that `joins` accepts, oldest first, stopping at the first it does not
   * (so prompts still go out in the order typed): the ones a running turn takes at a tool boundary.
   */
  takeLeading(joins: (prompt: QueuedPrompt) => boolean): QueuedPrompt[] {
    const count = this.items.findIndex((p) => !joins(p));
    const taken = this.items.splice(0, count === -1 ? this.items.length : count);
    if (taken.length) this.notify();
    return taken;
  }

  /** True when every waiting prompt satisfies `test` (true for an empty queue). */
  every(test: (prompt: QueuedPrompt) => boolean): boolean {
    return this.items.every(test);
  }

  /** Takes the oldest prompt off the queue. */
  shift(): QueuedPrompt | undefined {
    const next = this.items.shift();
    if (next) this.notify();
    return next;
  }

  /**
   * Stop: the queued prompts go back to the user instead of out to the model. They wait here (merged with
   * any returned earlier and not yet collected) until `takeReturned`; false when nothing was queued.
   */
  returnAll(): boolean {
    if (this.items.length === 0) return false;
    this.returned.push(...this.items);
    this.items = [];
    this.notify();
    return true;
  }

  /** The returned prompts as one draft (texts in order, a blank line apart, and all their images), once. */
  takeReturned(): ReturnedPrompts | undefined {
    if (this.returned.length === 0) return undefined;
    const prompts = this.returned;
    this.returned = [];
    return { text: prompts.map((p) => p.text).join('\n\n'), images: prompts.flatMap((p) => p.images) };
  }

  clear(): void {
    if (this.items.length === 0) return;
    this.items = [];
    this.notify();
  }

  views(): QueuedPromptView[] {
    return this.items.map((p) => ({ id: p.id, text: p.text, imageCount: p.images.length }));
  }

  private notify(): void {
    this.changed(this.views());
  }
}
