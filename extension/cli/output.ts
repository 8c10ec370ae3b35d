/** The CLI's three output formats: the final text, one JSON result, or a JSON line per event. */
import type { AgentEvent } from '../core/agent/agentSession';
import type { QueryEndReason } from '../core/agent/events';
import type { UsageSnapshot } from '../core/agent/usage';

export interface Output {
  event(event: AgentEvent): void;
  /** Writes the result and returns the exit code. */
  finish(override?: { reason: QueryEndReason; turns: number }, text?: string): number;
}

interface Init {
  sessionId: string;
  model: string;
  cwd: string;
  tools: string[];
}

export function createOutput(format: 'text' | 'json' | 'stream-json', out: NodeJS.WritableStream, init: Init): Output {
  const started = Date.now();
  let lastText = '';
  let error: string | undefined;
  let end: { reason: QueryEndReason; turns: number } | undefined;
  let usage: UsageSnapshot | undefined;
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  if (format === 'stream-json') line({ type: 'system', subtype: 'init', session_id: init.sessionId, model: init.model, cwd: init.cwd, tools: init.tools });

  return {
    event(e) {
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
          if (format === 'stream-json' && e.text) line({ type: 'system', subtype: 'status', session_id: init.sessionId, status: e.text });
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
    finish(override, text) {
      if (override) end = override;
      if (text !== undefined) lastText = text;
      const reason = end?.reason ?? 'error';
      const ok = reason === 'end_turn' || reason === 'stop_sequence' || reason === 'refusal';
      const result = {
        type: 'result',
        subtype: ok ? 'success' : reason === 'max_turns' ? 'error_max_turns' : 'error_during_execution',
        is_error: !ok,
        result: ok ? lastText : (error ?? `Stopped: ${reason}`),
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
      if (format === 'text') out.write(ok ? `${lastText}\n` : `Error: ${result.result}\n`);
      else line(result);
      return ok ? 0 : reason === 'aborted' ? 130 : 1;
    },
  };
}
