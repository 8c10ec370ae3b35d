/**
 * Forking a conversation at a user message ("Rewind to here"): a new session whose transcript holds the
 * API messages before that prompt. The old session's transcript is not touched, so it can still be resumed.
 */
import { AgentSession, type AgentSessionDeps } from './agentSession';
import type { Message } from '../../base/messages';
import { TranscriptWriter } from '../../engines/transcripts/transcript';

export interface ForkPoint {
  /** Index of the user entry in the chat's entries: the entries before it are kept. */
  entryIndex: number;
  /** Index of its prompt in the API history: the messages before it are kept. */
  historyIndex: number;
  text: string;
}

function isPromptWithText(m: Message, text: string): boolean {
  if (m.role !== 'user') return false;
  if (typeof m.content === 'string') return m.content === text;
  return !m.content.some((b) => b.type === 'tool_result') && m.content.some((b) => b.type === 'text' && b.text === text);
}

/**
 * Where the conversation forks for the user entry `entryId`. Entries and API messages are matched from
 * the end by prompt text, so `/compact` rows (no API message) and earlier repeats of the same prompt do
 * not shift the match. Undefined when the prompt is no longer in the history (compacted into a summary).
 */
export function forkPoint(
  entries: readonly { id: string; role: string; text?: string }[],
  history: readonly Message[],
  entryId: string,
): ForkPoint | undefined {
  const entryIndex = entries.findIndex((e) => e.id === entryId && e.role === 'user');
  const text = entries[entryIndex]?.text;
  if (entryIndex < 0 || text === undefined) return undefined;
  const repeatsFromEnd = entries.slice(entryIndex).filter((e) => e.role === 'user' && e.text === text).length;
  let seen = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (!isPromptWithText(history[i]!, text)) continue;
    seen++;
    if (seen === repeatsFromEnd) return { entryIndex, historyIndex: i, text };
  }
  return undefined;
}

/** An `event` line for the fork's transcript (what its front end records; core stores it and never reads it). */
export interface ForkEvent {
  name: string;
  data: unknown;
}

/**
 * A new session `sessionId` holding `messages`, written to its own transcript first. `eventsBefore` gives the
 * event lines to write before message `index` (and at `messages.length`, after the last), knowing the uuids of
 * the messages written so far.
 */
export async function forkSession(
  deps: AgentSessionDeps,
  messages: readonly Message[],
  sessionId: string,
  eventsBefore?: (index: number, uuids: readonly string[]) => ForkEvent[],
): Promise<AgentSession> {
  const writer = new TranscriptWriter(deps.transcripts, sessionId);
  await writer.writeMeta({ cwd: deps.cwd, model: deps.settings().model });
  const uuids: string[] = [];
  const events = async (index: number) => {
    for (const e of eventsBefore?.(index, uuids) ?? []) await writer.appendEvent(e.name, e.data);
  };
  for (const [index, m] of messages.entries()) {
    await events(index);
    uuids.push(await writer.appendMessage(m));
  }
  await events(messages.length);
  const { session } = await AgentSession.resume(deps, sessionId);
  return session;
}
