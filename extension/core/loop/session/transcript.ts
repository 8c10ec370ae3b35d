/**
 * The session's record (AgentSession's transcript job): the API transcript in memory, the JSONL file it is
 * written to, and what a resumed session takes back from that file.
 */
import type { SessionId } from '../../base/ids';
import type { Message } from '../../base/messages';
import type { ContentReplacementState } from '../../contracts/toolUseContext';
import type { TranscriptStore } from '../../contracts/storage';
import type { LoadedSession } from '../../engines/transcripts/sessions';
import { TranscriptWriter } from '../../engines/transcripts/transcript';

export interface SessionRecord {
  messages: Message[];
  readonly writer: TranscriptWriter;
  /** Each message the loop stored this session, with its transcript uuid (`messageUuid`). */
  readonly uuids: WeakMap<Message, string>;
  /** Whether the file holds the session yet (its meta line is written with the first prompt). */
  started: boolean;
  /** SessionStart's source for the first turn; undefined once it fired. */
  sessionStart: 'startup' | 'resume' | undefined;
  lastPromptUuid: string | undefined;
}

export function createRecord(transcripts: TranscriptStore, sessionId: SessionId): SessionRecord {
  return {
    messages: [],
    writer: new TranscriptWriter(transcripts, sessionId),
    uuids: new WeakMap(),
    started: false,
    sessionStart: 'startup',
    lastPromptUuid: undefined,
  };
}

/** A stored session taken back: its messages, and the result replacements already in them. */
export function restoreRecord(record: SessionRecord, replacement: ContentReplacementState, loaded: LoadedSession): void {
  record.messages = loaded.messages;
  // The budget's earlier replacements (already in `messages`): none of them is made again.
  for (const [toolUseId, text] of loaded.replacements) replacement.replaced.set(toolUseId, text);
  record.started = true;
  record.sessionStart = 'resume';
}

/** An `event` line, written only once the session has begun (no prompt stored yet: no empty session is listed). */
export function recordEvent(record: SessionRecord, name: string, data: unknown): Promise<void> {
  return record.started ? record.writer.appendEvent(name, data) : Promise.resolve();
}

/**
 * A turn's start in the record: the meta line before the first prompt. Returns SessionStart's source, which
 * only the session's first turn has.
 */
export async function beginTurnRecord(record: SessionRecord, cwd: string, model: string): Promise<'startup' | 'resume' | undefined> {
  if (!record.started) {
    record.started = true;
    await record.writer.writeMeta({ cwd, model });
  }
  record.lastPromptUuid = undefined;
  const start = record.sessionStart;
  record.sessionStart = undefined;
  return start;
}

/** The turn's user message, written and then added to the history. */
export async function storePrompt(record: SessionRecord, user: Message): Promise<void> {
  record.lastPromptUuid = await record.writer.appendMessage(user);
  record.messages.push(user);
}
