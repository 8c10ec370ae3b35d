/**
 * What the jobs of one AgentSession share (agentSession.ts): each part is kept by the file named beside it and
 * read by the others. Built with the session; `disposeSessionState` ends what building it started.
 */
import { asSessionId, type SessionId } from '../../base/ids';
import type { RequestPrefix } from '../../contracts/toolUseContext';
import type { EnvironmentInfo } from '../../contracts/environment';
import { createAppStateStore, type AppStateStore } from '../../contracts/appState';
import { SessionMemory } from '../../engines/memory/sessionMemory';
import { IdleNotifier, sessionEndHooks } from '../../engines/hooks/sessionHooks';
import { UsageTracker } from '../query/usage';
import { followMode } from './modeAndModel';
import type { AgentSessionDeps } from './sessionDeps';
import { createMailState, killSessionTasks, type MailState } from './taskMail';
import { createToolState, type ToolState } from './toolState';
import { createRecord, type SessionRecord } from './transcript';
import { SideEvents } from './sideEvents';

/** The running turn or /compact (turnRunner.ts, contextWindow.ts). */
export interface RunState {
  abort: AbortController | undefined;
  /** The running tool round's interrupt, armed when a round starts and dropped at its boundary. */
  roundInterrupt: AbortController | undefined;
  readonly idle: IdleNotifier;
}

/** What the requests start with, and what the last one measured (turnRequest.ts, contextWindow.ts). */
export interface ContextWindowState {
  /** Taken once per session: a system prompt that changed each turn would defeat the prompt cache (memory files excepted: `memory`). */
  env: Promise<EnvironmentInfo> | undefined;
  /** What the last turn sent before its messages, for /context. */
  lastPrefix: RequestPrefix | undefined;
  /** The main loop's last request, read and written (UsageSnapshot.contextTokens): /context's figure. */
  measuredContextTokens: number | undefined;
}

export interface SessionState {
  readonly deps: AgentSessionDeps;
  readonly sessionId: SessionId;
  /** The API transcript and its JSONL record (transcript.ts). */
  readonly record: SessionRecord;
  readonly run: RunState;
  readonly contextWindow: ContextWindowState;
  /** What the tools keep across turns, and the tools offered (toolState.ts). */
  readonly tools: ToolState;
  /** The mailbox and the Agent tool's spawner (taskMail.ts). */
  readonly mail: MailState;
  /** Background tasks, todos, the permission context and the worktree the tools share. */
  readonly store: AppStateStore;
  readonly usage: UsageTracker;
  /** Memory files re-read each turn, and the nested-memory tracker (core/engines/memory/sessionMemory.ts). */
  readonly memory: SessionMemory;
  /** What the tools' UI callbacks told the user, yielded among the turn's events (sideEvents.ts). */
  readonly side: SideEvents;
  readonly stopModeSync: () => void;
}

export function createSessionState(deps: AgentSessionDeps, sessionId?: string): SessionState {
  const store = createAppStateStore();
  const usage = new UsageTracker();
  const id = asSessionId(sessionId ?? deps.newId());
  const memory = new SessionMemory(deps.environment, deps.cwd, deps.onConfigProblems);
  const tools = createToolState(deps);
  const record = createRecord(deps.transcripts, id);
  const stopModeSync = followMode(store, deps);
  const idle = new IdleNotifier(deps.isNonInteractiveSession ? undefined : deps.hooks, deps.idleNotificationMs);
  const mail = createMailState(deps, usage);
  return {
    deps,
    sessionId: id,
    record,
    run: { abort: undefined, roundInterrupt: undefined, idle },
    contextWindow: { env: undefined, lastPrefix: undefined, measuredContextTokens: undefined },
    tools,
    mail,
    store,
    usage,
    memory,
    side: new SideEvents(),
    stopModeSync,
  };
}

/** Stops the turn and every background task the session started; SessionEnd hooks run for a session that began. */
export async function disposeSessionState(s: SessionState): Promise<void> {
  s.run.abort?.abort();
  s.stopModeSync();
  s.tools.mcpTools?.dispose();
  s.tools.mcpResources?.dispose();
  s.run.idle.cancel();
  if (s.record.started) await sessionEndHooks(s.deps.hooks, 'other', { sessionId: s.sessionId, cwd: s.deps.cwd });
  await killSessionTasks(s.store);
}
