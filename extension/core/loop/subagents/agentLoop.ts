/**
 * Runs a prepared sub-agent's `query()` loop to its end (docs/ARCHITECTURE.md, Sub-agents): writes its
 * transcript, reports what it does as `AgentProgressData`, and sums up how it ended as an `AgentRunResult`.
 */
import type { QueryEndReason, QueryEvent } from '../../contracts/events';
import { query } from '../query/query';
import type { QueryParams } from '../query/params';
import type { AssistantMessage, Message, TextBlock, ToolDefinition, ToolResultBlock, UserMessage } from '../../base/messages';
import type { ModelClient, ModelUsage, ThinkingParam } from '../../contracts/modelClient';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { CanUseToolFn } from '../../contracts/tool';
import type { AgentTranscript } from './agentTranscript';
import type { MailMessage } from '../../contracts/mailbox';
import { mailTurn, turnCapNote, waitForMail, type TeammateHooks } from './teammate';
import type { AgentProgressData, AgentProgressEvent, AgentRunResult } from '../../contracts/agents';

export interface AgentLoopRun {
  agentType: string;
  description: string;
  prompt: string;
  modelName: string;
  system: readonly TextBlock[];
  tools: readonly ToolDefinition[];
  context: ToolUseContext;
  transcript: AgentTranscript;
  takeInbox?: () => readonly MailMessage[];
  /** Absolute path of its JSONL transcript, once written. */
  transcriptPath?: string;
  /** Its prompt, messages, tool ends and usage as they happen (a foreground agent's, for the stream-json CLI). */
  onEvent?: (event: QueryEvent) => void;
  /** A fork's start (fork.ts): the parent's conversation, sent but not recorded again, and its first message. */
  opening?: { history: readonly Message[]; message: UserMessage };
}

export interface AgentLoopDeps {
  model: ModelClient;
  maxTokens: number;
  thinking?: ThinkingParam;
  effort?: QueryParams['effort'];
  maxTurns?: number;
  retry?: QueryParams['retry'];
  /**
   * As the main loop's (core/loop/query/sessionParams.ts `subAgentModelParams`): the model to switch to on repeated
   * overload with its own request options, and the window that sets compaction and the tool-result budget.
   */
  fallbackModel?: string;
  optionsFor?: QueryParams['optionsFor'];
  compaction?: QueryParams['compaction'];
  /** Each request's usage, for the session's cost (a sub-agent's tokens are the session's too). */
  onUsage?: (model: string, usage: ModelUsage) => void;
}

interface Tally {
  usage: AgentRunResult['usage'];
  toolUses: number;
  end: QueryEndReason;
  error?: string;
  messages: Message[];
}

const SUMMARY_CHARS = 200;

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

function resultText(result: ToolResultBlock): string {
  if (typeof result.content === 'string') return result.content;
  return (result.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

function textOf(message: AssistantMessage): string {
  return message.content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n')
    .trim();
}

function addUsage(total: AgentRunResult['usage'], u: ModelUsage): void {
  total.inputTokens += u.inputTokens;
  total.outputTokens += u.outputTokens;
  total.cacheReadInputTokens += u.cacheReadInputTokens;
  total.cacheCreationInputTokens += u.cacheCreationInputTokens;
}

/** The progress event one loop event gives, if any; counts tool uses and usage on the way. */
function progressOf(event: QueryEvent, tally: Tally, startedAt: number): AgentProgressEvent | undefined {
  if (event.type === 'tool' && event.event.type === 'toolStarted') {
    tally.toolUses++;
    const e = event.event;
    return { kind: 'toolStart', toolUseId: e.toolUseId, toolName: e.toolName, summary: e.summary ?? e.activity ?? '' };
  }
  if (event.type === 'tool' && event.event.type === 'toolFinished') {
    const e = event.event;
    return { kind: 'toolEnd', toolUseId: e.toolUseId, isError: e.isError, summary: firstLine(resultText(e.result)) };
  }
  if (event.type === 'assistantMessage') {
    const text = textOf(event.message);
    return text ? { kind: 'text', text } : undefined;
  }
  if (event.type === 'usage') {
    addUsage(tally.usage, event.usage);
    const u = tally.usage;
    const input = u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens;
    return { kind: 'usage', inputTokens: input, outputTokens: u.outputTokens, elapsedMs: Date.now() - startedAt };
  }
  if (event.type === 'error') tally.error = event.message;
  if (event.type === 'done') tally.end = event.reason;
  return undefined;
}

/** The last reply's text ('' when there is none). */
function lastReply(tally: Tally): string {
  const last = [...tally.messages].reverse().find((m): m is AssistantMessage => m.role === 'assistant');
  return last ? textOf(last) : '';
}

/** The report: the last reply's text, or why there is none. */
function reportOf(tally: Tally, status: AgentRunResult['status']): string {
  const text = lastReply(tally);
  if (status === 'killed') return text ? `${text}\n\n(The agent was stopped before it finished.)` : 'The agent was stopped before it finished.';
  if (status === 'failed') return `The agent failed: ${tally.error ?? 'its loop ended with an error'}.${text ? `\n\nIts last reply:\n${text}` : ''}`;
  return text || '(The agent ended without a report.)';
}

function statusOf(end: QueryEndReason): AgentRunResult['status'] {
  return end === 'aborted' ? 'killed' : end === 'error' ? 'failed' : 'completed';
}

/** One turn of the conversation: `query()` on `conversation` (ending with the new user message); the conversation after it. */
async function runTurn(
  run: AgentLoopRun,
  deps: AgentLoopDeps,
  canUseTool: CanUseToolFn,
  emit: (event: AgentProgressEvent) => void,
  turn: { tally: Tally; conversation: readonly Message[]; startedAt: number },
): Promise<readonly Message[]> {
  const { tally } = turn;
  tally.end = 'error';
  try {
    const events = query({
      messages: turn.conversation,
      system: run.system,
      tools: run.tools,
      model: deps.model,
      modelName: run.modelName,
      maxTokens: deps.maxTokens,
      ...(deps.thinking ? { thinking: deps.thinking } : {}),
      ...(deps.effort ? { effort: deps.effort } : {}),
      ...(deps.maxTurns ? { maxTurns: deps.maxTurns } : {}),
      ...(deps.retry ? { retry: deps.retry } : {}),
      ...(deps.fallbackModel ? { fallbackModel: deps.fallbackModel } : {}),
      ...(deps.optionsFor ? { optionsFor: deps.optionsFor } : {}),
      ...(deps.compaction ? { compaction: deps.compaction } : {}),
      ...(run.takeInbox ? { takeInbox: run.takeInbox } : {}),
      toolUseContext: run.context,
      canUseTool,
      onMessage: async (m) => record(run, tally, m),
    });
    for (let next = await events.next(); ; next = await events.next()) {
      if (next.done) return next.value;
      const event = next.value;
      if (event.type === 'usage') deps.onUsage?.(event.model, event.usage);
      if (run.onEvent && isForwarded(event)) run.onEvent(event);
      const progress = progressOf(event, tally, turn.startedAt);
      if (progress) emit(progress);
    }
  } catch (err) {
    tally.end = run.context.abortController.signal.aborted ? 'aborted' : 'error';
    tally.error = err instanceof Error ? err.message : String(err);
    return turn.conversation;
  }
}

/** What a sub-agent forwards of its loop: what a stream-json reader sees of the main agent's, minus the deltas. */
function isForwarded(event: QueryEvent): boolean {
  if (event.type === 'tool') return event.event.type === 'toolFinished';
  return event.type === 'assistantMessage' || event.type === 'toolResults' || event.type === 'userMessage' || event.type === 'usage';
}

function record(run: AgentLoopRun, tally: Tally, message: Message): void {
  tally.messages.push(message);
  run.transcript.append(message);
}

/**
 * A teammate after a turn that ended well: reports it to the lead and waits for mail, which it adds to the
 * conversation. Undefined when it ends instead: killed while it waited, or at its turn cap (`capped`).
 */
async function nextTeammateTurn(run: AgentLoopRun, tally: Tally, conversation: readonly Message[], mate: TeammateHooks, turns: number): Promise<readonly Message[] | 'capped' | undefined> {
  if (turns >= mate.maxTurns) return 'capped';
  const last = tally.messages.at(-1);
  mate.report((last?.role === 'assistant' ? textOf(last) : '') || '(Ended its turn without a reply.)');
  mate.setIdle(true);
  const mail = await waitForMail(mate.inbox, run.context.abortController.signal);
  if (!mail) {
    tally.end = 'aborted';
    return undefined;
  }
  mate.setIdle(false);
  const message = mailTurn(mail);
  record(run, tally, message);
  return [...conversation, message];
}

/**
 * Runs the loop; never throws for what the model or a tool does (a crash of the loop is a failed run). A
 * teammate (`mate`) goes on after each turn that ended well, on the mail it waits for (teammate.ts).
 */
export async function runAgentLoop(
  run: AgentLoopRun,
  deps: AgentLoopDeps,
  canUseTool: CanUseToolFn,
  emit: (event: AgentProgressEvent) => void,
  mate?: TeammateHooks,
): Promise<AgentRunResult> {
  const startedAt = Date.now();
  const tally: Tally = { usage: { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 }, toolUses: 0, end: 'error', messages: [] };
  const first: UserMessage = run.opening?.message ?? { role: 'user', content: run.prompt };
  record(run, tally, first);
  run.onEvent?.({ type: 'userMessage', message: first, meta: true });
  let conversation: readonly Message[] | 'capped' | undefined = [...(run.opening?.history ?? []), first];
  for (let turns = 1; Array.isArray(conversation); turns++) {
    conversation = await runTurn(run, deps, canUseTool, emit, { tally, conversation, startedAt });
    if (!mate || statusOf(tally.end) !== 'completed') break;
    conversation = await nextTeammateTurn(run, tally, conversation, mate, turns);
  }
  const status = statusOf(tally.end);
  const capped = conversation === 'capped' && mate ? `\n\n${turnCapNote(mate.maxTurns)}` : '';
  const report = reportOf(tally, status) + capped;
  const result: AgentRunResult = { status, report, messages: tally.messages, usage: tally.usage, durationMs: Date.now() - startedAt, toolUses: tally.toolUses };
  await run.transcript.finish({ status, toolUses: result.toolUses, usage: result.usage, durationMs: result.durationMs });
  return result;
}

/**
 * The progress reports a sub-agent's loop events give, as `runAgentLoop` makes them: a resumed chat replays a
 * stored sub-agent's transcript through it (extension/conversation/subAgentReplay.ts), so its nested rows match.
 */
export function progressReporter(startedAt: number): (event: QueryEvent) => AgentProgressEvent | undefined {
  const tally: Tally = { usage: { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 }, toolUses: 0, end: 'error', messages: [] };
  return (event) => progressOf(event, tally, startedAt);
}

/** Wraps a progress event as the Agent tool's progress payload. */
export function agentProgress(base: Omit<AgentProgressData, 'type' | 'event'>, event: AgentProgressEvent): AgentProgressData {
  return { type: 'agent_progress', ...base, event };
}
