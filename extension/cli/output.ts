/**
 * The CLI's three output formats: the final text, one JSON result, or a JSON line per event. With
 * `--input-format stream-json` each turn ends with its own result (`finish` starts the next turn afresh).
 * With `--json-schema` the answer is StructuredOutput's validated input: text prints that JSON, the json
 * formats carry it as `structured_output`, and a turn that ends without it fails.
 */
import type { AgentEvent } from '../core/agent/agentSession';
import type { QueryEndReason } from '../core/agent/events';
import type { UsageSnapshot } from '../core/agent/usage';
import { STRUCTURED_OUTPUT_TOOL_NAME } from '../protocol/toolNames';
import { toolActivityLine } from './verbose';

export interface Output {
  event(event: AgentEvent): void;
  /** The validated answer of StructuredOutput, once the model gave one this turn. */
  structuredOutput(): Record<string, unknown> | undefined;
  /** Writes the turn's result and returns the exit code. */
  finish(override?: { reason: QueryEndReason; turns: number }, text?: string): number;
}

interface Init {
  sessionId: string;
  model: string;
  cwd: string;
  tools: string[];
}

export interface OutputOptions {
  /** `--json-schema`: the turn must end with StructuredOutput. */
  structured?: boolean;
  /** `--verbose` (text and json formats): tool activity goes here. */
  verbose?: NodeJS.WritableStream;
  /** Notices for the user (a switch to the fallback model) in the text and json formats. */
  stderr?: NodeJS.WritableStream;
}

export const NO_STRUCTURED_OUTPUT = 'The model ended without calling StructuredOutput, so there is no answer matching --json-schema.';

function structuredOf(e: AgentEvent): Record<string, unknown> | undefined {
  if (e.type !== 'tool' || e.event.type !== 'toolFinished' || e.event.isError || e.event.toolName !== STRUCTURED_OUTPUT_TOOL_NAME) return undefined;
  return (e.event.output as { structured_output?: Record<string, unknown> } | undefined)?.structured_output;
}

export function createOutput(format: 'text' | 'json' | 'stream-json', out: NodeJS.WritableStream, init: Init, options: OutputOptions = {}): Output {
  let started = Date.now();
  let lastText = '';
  let error: string | undefined;
  let end: { reason: QueryEndReason; turns: number } | undefined;
  let usage: UsageSnapshot | undefined;
  let structured: Record<string, unknown> | undefined;
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  if (format === 'stream-json') line({ type: 'system', subtype: 'init', session_id: init.sessionId, model: init.model, cwd: init.cwd, tools: init.tools });

  return {
    event(e) {
      structured = structuredOf(e) ?? structured;
      if (options.verbose && format !== 'stream-json') {
        const activity = toolActivityLine(e);
        if (activity) options.verbose.write(`${activity}\n`);
      }
      switch (e.type) {
        case 'assistantMessage':
          lastText = e.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('') || lastText;
          if (format === 'stream-json') line({ type: 'assistant', session_id: init.sessionId, message: e.message });
          break;
        case 'toolResults':
        case 'userMessage':
          if (format === 'stream-json') line({ type: 'user', session_id: init.sessionId, message: e.message });
          break;
        case 'status':
        case 'notice':
        case 'hookMessage':
          writeSystemEvent(e, format, line, init.sessionId, options);
          break;
        case 'usageSnapshot':
          usage = e.snapshot;
          break;
        case 'error':
          error = e.message;
          break;
        case 'done':
          end = { reason: e.reason, turns: e.turns };
          break;
        default:
          break;
      }
    },
    structuredOutput: () => structured,
    finish(override, text) {
      if (override) end = override;
      if (text !== undefined) lastText = text;
      const reason = end?.reason ?? 'error';
      const missing = options.structured === true && structured === undefined;
      const ok = (reason === 'end_turn' || reason === 'stop_sequence' || reason === 'refusal') && !missing;
      const result = {
        type: 'result',
        subtype: ok ? 'success' : reason === 'max_turns' ? 'error_max_turns' : 'error_during_execution',
        is_error: !ok,
        result: ok ? lastText : (error ?? (missing && reason !== 'max_turns' && reason !== 'aborted' ? NO_STRUCTURED_OUTPUT : `Stopped: ${reason}`)),
        ...(structured !== undefined ? { structured_output: structured } : {}),
        stop_reason: reason,
        session_id: init.sessionId,
        num_turns: end?.turns ?? 0,
        duration_ms: Date.now() - started,
        total_cost_usd: usage?.session.costUsd ?? 0,
        usage: usage
          ? {
              input_tokens: usage.session.inputTokens,
              output_tokens: usage.session.outputTokens,
              cache_read_input_tokens: usage.session.cacheReadInputTokens,
              cache_creation_input_tokens: usage.session.cacheCreationInputTokens,
            }
          : undefined,
      };
      if (format === 'text') out.write(ok ? `${structured !== undefined ? JSON.stringify(structured) : lastText}\n` : `Error: ${result.result}\n`);
      else line(result);
      [started, lastText, error, end, structured] = [Date.now(), '', undefined, undefined, undefined];
      return ok ? 0 : reason === 'aborted' ? 130 : 1;
    },
  };
}

/**
 * Status lines, notices (a switch to the fallback model) and hook messages: system lines in stream-json;
 * in the other formats notices go to stderr and hook messages to the --verbose stream.
 */
function writeSystemEvent(e: AgentEvent, format: 'text' | 'json' | 'stream-json', line: (value: unknown) => void, sessionId: string, options: OutputOptions): void {
  const json = format === 'stream-json';
  if (e.type === 'status' && json && e.text) line({ type: 'system', subtype: 'status', session_id: sessionId, status: e.text });
  if (e.type === 'notice') {
    if (json) line({ type: 'system', subtype: 'notice', session_id: sessionId, message: e.text });
    else options.stderr?.write(`codewright: ${e.text}\n`);
  }
  if (e.type === 'hookMessage') {
    if (json) line({ type: 'system', subtype: 'hook_message', session_id: sessionId, hook_event: e.hookEvent, message: e.text });
    else options.verbose?.write(`${e.hookEvent} hook: ${e.text}\n`);
  }
}
