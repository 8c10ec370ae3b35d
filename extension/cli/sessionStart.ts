/**
 * The CLI's session (docs/ARCHITECTURE.md, The headless CLI): a new one (with `--session-id`'s id), the one
 * `--resume` / `--continue` named, or with `--fork-session` a new one holding a copy of its conversation;
 * `--name` titles it; `--no-session-persistence` keeps its transcript off the disk. And `--list-sessions`.
 */
import { AgentSession, type AgentSessionDeps } from '../core/loop/session/agentSession';
import { forkSession } from '../core/loop/session/fork';
import type { TranscriptStore } from '../core/contracts/storage';
import { listSessions, loadSession, type SessionSummary } from '../core/engines/transcripts/sessions';
import { parseTranscript, TranscriptWriter } from '../core/engines/transcripts/transcript';

export interface SessionFlags {
  'session-id'?: string | undefined;
  'fork-session': boolean;
  name?: string | undefined;
  'no-session-persistence': boolean;
}

/**
 * `--no-session-persistence`: what the session writes stays in memory (a fork reads its copy back from it),
 * nothing reaches the disk; stored sessions are still read, so `--resume` works and later finds nothing new.
 */
export function unpersistedTranscripts(stored: TranscriptStore): TranscriptStore {
  const kept = new Map<string, string[]>();
  return {
    append: async (sessionId, lines) => void kept.set(sessionId, [...(kept.get(sessionId) ?? []), ...lines]),
    read: async (sessionId) => {
      const lines = kept.get(sessionId);
      return lines ? `${lines.join('\n')}\n` : stored.read(sessionId);
    },
    list: () => stored.list(),
  };
}

/** The run's transcript store: the one on disk, or with --no-session-persistence one that keeps nothing there. */
export function cliTranscripts(opts: Pick<SessionFlags, 'no-session-persistence'>, stored: TranscriptStore): TranscriptStore {
  return opts['no-session-persistence'] ? unpersistedTranscripts(stored) : stored;
}

/** Opens the run's session; throws (exit 1) when the session to resume has no transcript. */
export async function openCliSession(deps: AgentSessionDeps, opts: SessionFlags, resumeId: string | undefined): Promise<AgentSession> {
  const id = opts['session-id'] ?? deps.newId();
  let session: AgentSession;
  if (resumeId && opts['fork-session']) session = await forkSession(deps, (await loadSession(deps.transcripts, resumeId)).messages, id);
  else if (resumeId) session = (await AgentSession.resume(deps, resumeId)).session;
  else session = new AgentSession(deps, id);
  if (opts.name) await new TranscriptWriter(deps.transcripts, session.sessionId).appendTitle(opts.name);
  return session;
}

/** `--session-id`: an error when that session exists already (it is for a new session). */
export async function sessionIdTaken(transcripts: TranscriptStore, opts: Pick<SessionFlags, 'session-id'>): Promise<string | undefined> {
  const id = opts['session-id'];
  if (!id || (await transcripts.read(id)) === undefined) return undefined;
  return `--session-id ${id}: that session exists already; continue it with --resume ${id}, or leave out --session-id`;
}

/** The sessions worth resuming: those the model answered at least once (a failed first request leaves one without). */
export async function answeredSessions(transcripts: TranscriptStore): Promise<SessionSummary[]> {
  const sessions = await listSessions(transcripts);
  const answered = await Promise.all(
    sessions.map(async (s) => {
      if (s.error) return true;
      const text = await transcripts.read(s.sessionId).catch(() => undefined);
      return text !== undefined && hasAnswer(text);
    }),
  );
  return sessions.filter((_, i) => answered[i]);
}

/** Whether a transcript holds an assistant message, compacted away since or not. */
function hasAnswer(text: string): boolean {
  // Only lines that can be one are parsed; parseTranscript would lose those a compaction summarized.
  return text
    .split('\n')
    .filter((line) => line.includes('"assistant"'))
    .some((line) => parseTranscript(line).messages.some((m) => m.role === 'assistant'));
}

/** One `--list-sessions` line: id, last change, messages, title (tab-separated). */
export function sessionLine(s: SessionSummary): string {
  return `${s.sessionId}\t${s.modifiedAt}\t${s.messageCount} message${s.messageCount === 1 ? '' : 's'}\t${s.title}`;
}
