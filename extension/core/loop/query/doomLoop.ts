/**
 * Doom loops (docs/ARCHITECTURE.md, Doom loops): the model calling the same tool with the same input again and
 * again, failing the same way each time, burns tokens without progress. One tracker per user turn (one `query()`
 * run) counts identical failing calls in a row — same tool name, same input as canonical JSON, `is_error` set;
 * a different call or a success starts the count over. The third such failure gets a note in its result telling
 * the model to change approach; the fifth ends the turn with a message to the user.
 */
import { canonicalJson } from '../../base/text/canonicalJson';
import type { AssistantMessage, ToolResultBlock, ToolUseBlock, UserMessage } from '../../base/messages';

/** Identical failures in a row after which the result carries the note. */
export const DOOM_LOOP_NOTE_AT = 3;
/** Identical failures in a row that end the turn. */
export const DOOM_LOOP_STOP_AT = 5;

/** The note appended to the result of the `count`th identical failure. */
export function doomLoopNote(count: number): string {
  return (
    `<system-reminder>This exact call (same tool, same input) has now failed ${count} times in a row with an error. ` +
    'Repeating it will fail again. Change your approach: read the error, fix the input, use a different tool, or ask the user. ' +
    `After ${DOOM_LOOP_STOP_AT} identical failures the turn is stopped.</system-reminder>`
  );
}


export class DoomLoopTracker {
  private key: string | undefined;
  private count = 0;
  /** Set once the turn must end: the message for the user. */
  stopMessage: string | undefined;

  /**
   * Counts one round's calls in the order the model made them and returns the results with the note added where
   * a count reached DOOM_LOOP_NOTE_AT (the same object when nothing changed). Sets `stopMessage` at DOOM_LOOP_STOP_AT.
   */
  review(assistant: AssistantMessage, results: UserMessage): UserMessage {
    if (typeof results.content === 'string') return results;
    const byId = new Map<string, ToolResultBlock>();
    for (const block of results.content) if (block.type === 'tool_result') byId.set(block.tool_use_id, block);
    const notes = new Map<string, number>();
    for (const use of assistant.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')) {
      const result = byId.get(use.id);
      if (!result) continue;
      const count = this.place(use, result);
      if (count >= DOOM_LOOP_NOTE_AT) notes.set(use.id, count);
      if (count >= DOOM_LOOP_STOP_AT) this.stopMessage ??= stopText(use, count);
    }
    if (notes.size === 0) return results;
    const content = results.content.map((b) => (b.type === 'tool_result' && notes.has(b.tool_use_id) ? withNote(b, doomLoopNote(notes.get(b.tool_use_id)!)) : b));
    return { ...results, content };
  }

  /** The call's place in the current run of identical failures: 0 after a success. */
  private place(use: ToolUseBlock, result: ToolResultBlock): number {
    if (result.is_error !== true) {
      this.key = undefined;
      this.count = 0;
      return 0;
    }
    const key = `${use.name}\n${canonicalJson(use.input)}`;
    this.count = key === this.key ? this.count + 1 : 1;
    this.key = key;
    return this.count;
  }
}

function withNote(block: ToolResultBlock, note: string): ToolResultBlock {
  if (typeof block.content === 'string') return { ...block, content: block.content ? `${block.content}\n\n${note}` : note };
  return { ...block, content: [...block.content, { type: 'text', text: note }] };
}

function stopText(use: ToolUseBlock, count: number): string {
  const input = canonicalJson(use.input);
  const shown = input.length > 200 ? `${input.slice(0, 200)}…` : input;
  return (
    `Stopped: the agent repeated the same failing call ${count} times (${use.name} ${shown}). ` +
    'Tell it what to do differently, or change the setup that makes the call fail.'
  );
}
