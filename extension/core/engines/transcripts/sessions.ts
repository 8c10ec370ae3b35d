/**
 * Past sessions: the list the user picks from, and loading one to continue it. Both read transcripts that
 * a crash or another version may have damaged, so neither lets one bad session break the rest.
 */
import { mapLimited } from '../../base/async';
import type { Message } from '../../base/messages';
import type { TranscriptStore } from '../../contracts/storage';
import { cap } from '../../base/text/cap';
import type { MetaEntry } from './entries';
import { parseTranscript, repairForResume, type ParsedTranscript, type TimelineItem, type UsageTotals } from './transcript';

export const UNTITLED = '(untitled)';

export interface SessionSummary {
  sessionId: string;
  title: string;
  /** ISO timestamps. */
  createdAt: string;
  modifiedAt: string;
  /** Messages a resume would send (after the last compaction). */
  messageCount: number;
  /** Set when the transcript could not be read; the title then says so too. */
  error?: string;
}

export interface LoadedSession {
  messages: Message[];
  meta?: MetaEntry;
  title: string;
  usage: UsageTotals;
  /** Skipped lines and repairs, one sentence each. */
  warnings: string[];
  /** The aggregate budget's replacements so far, by tool_use_id (already applied to `messages`). */
  replacements: Map<string, string>;
  /** Every message and event line as written, for the chat's rows (ParsedTranscript.timeline). */
  timeline: TimelineItem[];
}

const TITLE_MAX = 80;

/** The session's title: a `title` line, else the first line of the first prompt, else "(untitled)". */
export function sessionTitle(parsed: Pick<ParsedTranscript, 'title' | 'firstPrompt'>): string {
  if (parsed.title?.trim()) return parsed.title.trim();
  const firstLine = parsed.firstPrompt?.trim().split('\n')[0]?.trim();
  if (!firstLine) return UNTITLED;
  return cap(firstLine, TITLE_MAX);
}

/** Transcripts are read a few at a time: enough to hide latency, few enough to bound memory on big ones. */
const READ_CONCURRENCY = 8;

/** Every stored session, newest first. */
export async function listSessions(store: TranscriptStore): Promise<SessionSummary[]> {
  const files = await store.list();
  const summaries = await mapLimited(files, READ_CONCURRENCY, async (file): Promise<SessionSummary | undefined> => {
    const fileTime = new Date(file.modifiedMs).toISOString();
    let text: string | undefined;
    try {
      text = await store.read(file.sessionId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { sessionId: file.sessionId, title: `⚠ Unreadable session (${reason})`, createdAt: fileTime, modifiedAt: fileTime, messageCount: 0, error: reason };
    }
    // Deleted between list and read: it is gone, so it is not listed.
    if (text === undefined) return undefined;
    const parsed = parseTranscript(text);
    return {
      sessionId: file.sessionId,
      title: sessionTitle(parsed),
      createdAt: parsed.meta?.createdAt ?? fileTime,
      // The last line's own time survives copies and backups that reset the file's mtime.
      modifiedAt: parsed.lastTimestamp ?? fileTime,
      messageCount: parsed.messages.length,
    };
  });
  return summaries
    .filter((s): s is SessionSummary => s !== undefined)
    .sort((a, b) => Date.parse(b.modifiedAt) - Date.parse(a.modifiedAt) || a.sessionId.localeCompare(b.sessionId));
}

/**
 * A session ready to continue: parsed, then repaired so the API accepts it. Throws only when there is no
 * transcript at all (or the store cannot read it); damage inside it becomes warnings.
 */
export async function loadSession(store: TranscriptStore, sessionId: string): Promise<LoadedSession> {
  const text = await store.read(sessionId);
  if (text === undefined) throw new Error(`No transcript for session ${sessionId}: it may have been deleted. Pick another session or start a new one.`);
  const parsed = parseTranscript(text);
  const { messages, repaired } = repairForResume(parsed.messages);
  return {
    messages,
    ...(parsed.meta ? { meta: parsed.meta } : {}),
    title: sessionTitle(parsed),
    usage: parsed.usage,
    warnings: [...parsed.warnings, ...repaired.map((r) => `Repaired: ${r}`)],
    replacements: parsed.replacements,
    timeline: parsed.timeline,
  };
}
