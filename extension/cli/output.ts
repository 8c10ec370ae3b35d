/**
 * The CLI's three output formats: the final text, one JSON result, or a JSON line per message as the Agent
 * SDK types them (stream-json: cli/sdk/messages.ts, initMessage.ts, taskMessages.ts, resultMessage.ts;
 * docs/ARCHITECTURE.md, stream-json messages). With `--input-format stream-json` each turn ends with its own
 * result (`finish` starts the next turn afresh). With `--json-schema` the answer is StructuredOutput's
 * validated input: text prints that JSON, the json formats carry it as `structured_output`, and a turn that
 * ends without it fails.
 */
import { randomUUID } from 'node:crypto';
import type { AgentEvent, AgentSession, AgentSessionDeps } from '../core/loop/session/agentSession';
import type { QueryEndReason } from '../core/contracts/events';
import type { Message } from '../core/base/messages';
import type { AppStateStore } from '../core/contracts/appState';
import { STRUCTURED_OUTPUT_TOOL_NAME } from '../protocol/toolNames';
import type { CliOptions } from './args';
import { cliInit, initMessage, type OutputInit } from './sdk/initMessage';
import { StreamJsonWriter } from './sdk/messages';
import { ResultTally } from './sdk/resultMessage';
import { watchTasks } from './sdk/taskMessages';
import { retryLine } from './progress';
import { toolActivityLine } from './verbose';
import type { PluginSet } from '../core/engines/plugins/types';

export type { OutputInit } from './sdk/initMessage';
export { cliInit, initFrom, type InitSources } from './sdk/initMessage';
export { NO_STRUCTURED_OUTPUT } from './sdk/resultMessage';

export interface Output {
  event(event: AgentEvent): void;
  /** The validated answer of StructuredOutput, once the model gave one this turn. */
  structuredOutput(): Record<string, unknown> | undefined;
  /** Writes the turn's result and returns the exit code. */
  finish(override?: { reason: QueryEndReason; turns: number }, text?: string): number;
  /**
   * stream-json: writes the `system/init` line now, the construction's init with `extra` over it (MCP servers
   * and agents an SDK `initialize` added). Other formats write nothing. May be called again (a fresh uuid each time).
   */
  writeInit(extra?: Partial<OutputInit>): void;
  /** stream-json, --replay-user-messages: echoes a user message read from stdin (`isReplay: true`). */
  replayUser(message: { role: 'user'; content: string | Message['content'] }, uuid?: string): void;
  /** Stops following the session's background tasks. */
  close(): void;
}

/** What the output follows of the session (`AgentSession` fits): task state, and each stored message's transcript uuid. */
export interface OutputSession {
  appState?: Pick<AppStateStore, 'getState' | 'subscribe'>;
  messageUuid?(message: Message): string | undefined;
}

export interface OutputOptions {
  /** `--json-schema`: the turn must end with StructuredOutput. */
  structured?: boolean;
  /** `--verbose` (text and json formats): tool activity goes here. */
  verbose?: NodeJS.WritableStream;
  /** Notices for the user (a switch to the fallback model) in the text and json formats. */
  stderr?: NodeJS.WritableStream;
  /** stream-json: no init line at construction; the caller writes it with `writeInit` (the SDK transport, after `initialize`). */
  deferInit?: boolean;
  /** stream-json, --include-partial-messages: `stream_event` lines (the session must run with `streamEvents`). */
  includePartialMessages?: boolean;
  /** stream-json: task lines from its AppState, transcript uuids on its messages. */
  session?: OutputSession;
}

/**
 * The run's output as cli/main.ts makes it: the format and flags of `opts`, the init from the session's
 * dependencies. `deferInit`: the SDK transport writes the init itself once `initialize` was served.
 */
export async function cliOutput(
  opts: CliOptions,
  io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
  run: { session: AgentSession; deps: AgentSessionDeps; model: string; cwd: string; provider: string; deferInit: boolean; plugins?: PluginSet },
): Promise<Output> {
  const init = await cliInit({ sessionId: run.session.sessionId, deps: run.deps, model: run.model, cwd: run.cwd, provider: run.provider, ...(run.plugins ? { plugins: run.plugins.plugins } : {}) });
  return createOutput(opts['output-format'], io.stdout, init, {
    structured: opts.structuredSchema !== undefined,
    stderr: io.stderr,
    ...(opts.verbose ? { verbose: io.stderr } : {}),
    session: run.session,
    deferInit: run.deferInit,
    includePartialMessages: run.deps.streamEvents === true,
  });
}

/** `--include-partial-messages` with stream-json output: the session yields the model's raw stream (`AgentSessionDeps.streamEvents`). */
export function wantsStreamEvents(opts: Pick<CliOptions, 'output-format' | 'include-partial-messages'>): boolean {
  return opts['output-format'] === 'stream-json' && opts['include-partial-messages'];
}

/** `--replay-user-messages`: stdin's user messages are echoed (`Output.replayUser`). */
export function wantsReplay(opts: Pick<CliOptions, 'replay-user-messages'>): boolean {
  return opts['replay-user-messages'];
}

function structuredOf(e: AgentEvent): Record<string, unknown> | undefined {
  if (e.type !== 'tool' || e.event.type !== 'toolFinished' || e.event.isError || e.event.toolName !== STRUCTURED_OUTPUT_TOOL_NAME) return undefined;
  return (e.event.output as { structured_output?: Record<string, unknown> } | undefined)?.structured_output;
}

export function createOutput(format: 'text' | 'json' | 'stream-json', out: NodeJS.WritableStream, init: OutputInit, options: OutputOptions = {}): Output {
  let lastText = '';
  let error: string | undefined;
  let end: { reason: QueryEndReason; turns: number } | undefined;
  let structured: Record<string, unknown> | undefined;
  const json = format === 'stream-json';
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  const tally = new ResultTally();
  const writer = new StreamJsonWriter({
    sessionId: init.sessionId,
    model: init.model,
    line,
    ...(options.session?.messageUuid ? { uuidOf: (m: Message) => options.session?.messageUuid?.(m) } : {}),
    ...(options.includePartialMessages ? { includePartialMessages: true } : {}),
  });
  const writeInit = (extra: Partial<OutputInit> = {}) => {
    if (json) line(initMessage({ ...init, ...extra }));
  };
  if (!options.deferInit) writeInit();
  const appState = json ? options.session?.appState : undefined;
  const unwatch = appState ? watchTasks(appState, (l) => line({ ...l, uuid: randomUUID(), session_id: init.sessionId })) : () => {};

  return {
    event(e) {
      structured = structuredOf(e) ?? structured;
      tally.observe(e);
      if (json) writer.event(e);
      else writeSideLines(e, options);
      if (e.type === 'assistantMessage') lastText = e.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('') || lastText;
      if (e.type === 'error') error = e.message;
      if (e.type === 'done') end = { reason: e.reason, turns: e.turns };
    },
    structuredOutput: () => structured,
    finish(override, text) {
      if (override) end = override;
      if (text !== undefined) lastText = text;
      const { line: result, ok, reason } = tally.result({ end, error, lastText, structured, requireStructured: options.structured === true }, init.sessionId);
      // Text: the answer alone on stdout; a failure is said on stderr (the exit code says it too).
      if (format === 'text' && ok) out.write(`${structured !== undefined ? JSON.stringify(structured) : lastText}\n`);
      else if (format === 'text') (options.stderr ?? out).write(`codewright: ${String(result.result)}\n`);
      else line(result);
      [lastText, error, end, structured] = ['', undefined, undefined, undefined];
      return ok ? 0 : reason === 'aborted' ? 130 : 1;
    },
    writeInit,
    replayUser(message, uuid) {
      if (json) line({ type: 'user', message, session_id: init.sessionId, parent_tool_use_id: null, uuid: uuid ?? randomUUID(), isReplay: true });
    },
    close: unwatch,
  };
}

/**
 * The text and json formats: --verbose tool activity on the verbose stream; notices (a switch to the fallback
 * model, the budget reached), what hooks told the user (a `systemMessage`, a hook that failed) and retries
 * (cli/progress.ts) on stderr, so stdout keeps the answer alone.
 */
function writeSideLines(e: AgentEvent, options: OutputOptions): void {
  if (options.verbose) {
    const activity = toolActivityLine(e);
    if (activity) options.verbose.write(`${activity}\n`);
  }
  if (e.type === 'notice') options.stderr?.write(`codewright: ${e.text}\n`);
  const retry = retryLine(e, options.verbose !== undefined);
  if (retry) options.stderr?.write(`codewright: ${retry}\n`);
  if (e.type === 'hookMessage') options.stderr?.write(`codewright: ${e.hookEvent} hook: ${e.text}\n`);
}
