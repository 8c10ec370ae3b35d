/**
 * One user turn of a session, run to its end: the prompt through the hooks into the transcript, one `query()`
 * run over the history, its events yielded with the usage recorded, and the session left idle.
 */
import type { Message, UserMessage } from '../../base/messages';
import type { QueryEvent } from '../../contracts/events';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { promptHooks } from '../../engines/hooks/sessionHooks';
import { withMcpResourceNote } from '../../engines/mcp/resourceWatch';
import { withMail } from '../query/inbox';
import type { QueryParams } from '../query/params';
import { query } from '../query/query';
import { modelParams, transcriptParams, type TurnModelSettings } from '../query/sessionParams';
import { turnSettings } from './modeAndModel';
import { canUseTool, setCommandRules } from './permissionWiring';
import type { AgentEvent, TurnOptions } from './sessionDeps';
import type { SessionState } from './sessionState';
import { withSideEvents } from './sideEvents';
import { takeRoundMail } from './taskMail';
import { turnContext } from './toolContext';
import { beginTurnRecord, storePrompt } from './transcript';
import { prepareRequest, refreshDefinitions, type TurnRequest } from './turnRequest';

/** Runs one user turn to its end, yielding every event; the transcript is written as it goes. */
export async function* runTurn(s: SessionState, prompt: string | Message['content'], options: TurnOptions): AsyncGenerator<AgentEvent> {
  if (s.run.abort) throw new Error('A turn is already running.');
  const abort = new AbortController();
  s.run.abort = abort;
  s.run.idle.cancel();
  try {
    const settings = turnSettings(s.deps, options);
    if (!(yield* openTurn(s, prompt, settings.model, abort.signal))) return;
    const request = await prepareRequest(s, settings, options);
    const context = turnContext(s, abort, settings.model, request.prefix, request.tools);
    yield* followQuery(s, withSideEvents(query(queryParams(s, settings, request, context, options)), s.side));
  } finally {
    s.run.abort = undefined;
    s.run.roundInterrupt = undefined;
    s.run.idle.arm({ sessionId: s.sessionId, cwd: s.deps.cwd });
    if (options.allowedTools?.length) setCommandRules(s.store, []);
  }
}

/**
 * Writes the turn's user message: SessionStart (first turn) and UserPromptSubmit hooks first, which may add
 * context or block the prompt (then nothing is sent or stored, and the turn ends with the reason shown).
 */
async function* openTurn(s: SessionState, prompt: string | Message['content'], model: string, signal: AbortSignal): AsyncGenerator<AgentEvent, boolean> {
  const start = await beginTurnRecord(s.record, s.deps.cwd, model);
  const hooked = yield* promptHooks(s.deps.hooks, { role: 'user', content: prompt } as UserMessage, { sessionId: s.sessionId, cwd: s.deps.cwd, signal }, start);
  if ('blocked' in hooked) {
    yield { type: 'error', kind: 'internal', message: hooked.blocked };
    yield { type: 'done', reason: 'error', turns: 0 };
    return false;
  }
  // Messages other agents sent while no turn ran go with the prompt, as does what changed of the MCP resources it read.
  const user: Message = withMail(withMcpResourceNote(hooked.message, s.tools.mcpResources?.takeNote()), s.mail.inbox.take());
  await storePrompt(s.record, user);
  return true;
}

/** The loop's params: the history, the prefix, the model settings, the gate, the transcript and the mid-turn mail. */
function queryParams(s: SessionState, settings: TurnModelSettings, request: TurnRequest, context: ToolUseContext, options: TurnOptions): QueryParams {
  const { deps, run } = s;
  return {
    messages: s.record.messages,
    system: request.system,
    tools: request.definitions,
    model: deps.model,
    ...modelParams(settings, () => s.usage.session.costUsd),
    toolUseContext: context,
    canUseTool: canUseTool(deps),
    ...(deps.retry ? { retry: deps.retry } : {}),
    ...transcriptParams(s.record.writer, s.record.uuids),
    ...(deps.streamEvents ? { streamEvents: true } : {}),
    interruptSignal: () => (run.roundInterrupt = new AbortController()).signal,
    takeInbox: () => {
      run.roundInterrupt = undefined;
      return takeRoundMail(s.mail.inbox, options);
    },
    toolDefinitionsFor: (changed) => refreshDefinitions(s, settings.model, request.system, changed),
  };
}

/** Yields the loop's events, each request's usage recorded and written after it; the history is the loop's at the end. */
async function* followQuery(s: SessionState, gen: AsyncGenerator<QueryEvent, Message[]>): AsyncGenerator<AgentEvent> {
  for (;;) {
    const next = await gen.next();
    if (next.done) {
      s.record.messages = next.value;
      break;
    }
    const event = next.value;
    yield event;
    if (event.type === 'usage') {
      const snapshot = s.usage.record(event.model, event.usage);
      s.contextWindow.measuredContextTokens = snapshot.contextTokens;
      await s.record.writer.appendUsage({ model: event.model, ...event.usage, costUsd: snapshot.request.costUsd });
      yield { type: 'usageSnapshot', snapshot };
    }
  }
}
