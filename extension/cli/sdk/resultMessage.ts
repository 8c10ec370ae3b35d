/**
 * The `result` line of a turn (the Agent SDK's `SDKResultMessage`), for the json and stream-json formats:
 * what the turn's events add up to. `duration_api_ms`, `modelUsage` and `total_cost_usd` run on across the
 * turns of one run (sub-agents and compaction included); `usage` (the main loop's requests), `duration_ms`,
 * `permission_denials` and `errors` are the turn's own. docs/ARCHITECTURE.md, stream-json messages.
 */
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../core/loop/session/agentSession';
import type { QueryEndReason } from '../../core/contracts/events';
import { contextWindowFor, costUsd } from '../../core/loop/query/usage';
import { modelInfo } from '../../core/engines/models/models';
import type { ModelUsage } from '../../core/contracts/modelClient';
import { wireUsage } from './streamEvents';

type Totals = ModelUsage & { costUsd: number };

const zero = (): Totals => ({ inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0 });

function add(total: Totals, usage: ModelUsage, cost: number): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
  total.cacheReadInputTokens += usage.cacheReadInputTokens;
  total.cacheCreationInputTokens += usage.cacheCreationInputTokens;
  total.costUsd += cost;
}

export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

/** How the turn ended, as `Output.finish` knows it. */
export interface TurnEnd {
  end: { reason: QueryEndReason; turns: number } | undefined;
  /** The last error event's message. */
  error: string | undefined;
  lastText: string;
  structured: Record<string, unknown> | undefined;
  /** --json-schema: the turn must have ended with an accepted StructuredOutput answer. */
  requireStructured: boolean;
}

export const NO_STRUCTURED_OUTPUT = 'The model ended without calling StructuredOutput, so there is no answer matching --json-schema.';

/** Adds up the events of a run for its result lines. */
export class ResultTally {
  private turnStartedAt = Date.now();
  private apiMs = 0;
  private sessionCost = 0;
  private readonly models = new Map<string, Totals>();
  private turnUsage = zero();
  private denials: PermissionDenial[] = [];
  private errors: string[] = [];
  private stopReason: string | null = null;
  private lastNotice: string | undefined;
  /** Tool inputs by tool_use id, until the call has finished: a denial names the input it refused. */
  private readonly inputs = new Map<string, Record<string, unknown>>();

  /** `main`: the main agent's event (a sub-agent's arrive wrapped in `subAgent`). */
  observe(e: AgentEvent, main = true): void {
    switch (e.type) {
      case 'assistantMessage':
        for (const b of e.message.content) if (b.type === 'tool_use') this.inputs.set(b.id, b.input as Record<string, unknown>);
        if (e.api) this.apiMs += e.api.durationMs;
        if (main) this.stopReason = e.api?.stopReason ?? null;
        return;
      case 'usage': {
        const cost = costUsd(e.model, e.usage);
        const total = this.models.get(e.model) ?? zero();
        add(total, e.usage, cost);
        this.models.set(e.model, total);
        if (main) add(this.turnUsage, e.usage, cost);
        return;
      }
      case 'usageSnapshot':
        this.sessionCost = e.snapshot.session.costUsd;
        return;
      case 'tool':
        if (e.event.type !== 'toolFinished') return;
        if (e.event.stage === 'permission') this.denials.push({ tool_name: e.event.toolName, tool_use_id: e.event.toolUseId, tool_input: this.inputs.get(e.event.toolUseId) ?? {} });
        this.inputs.delete(e.event.toolUseId);
        return;
      case 'error':
        if (main) this.errors.push(e.message);
        return;
      case 'notice':
        // The loop says why it stopped at the budget as a notice just before its `done`.
        if (main) this.lastNotice = e.text;
        return;
      case 'subAgent':
        return this.observe(e.event, false);
      default:
        return;
    }
  }

  /** The result line; `ok` says whether the turn succeeded. Starts the next turn's count. */
  result(turn: TurnEnd, sessionId: string): { line: Record<string, unknown>; ok: boolean; reason: QueryEndReason } {
    const reason = turn.end?.reason ?? 'error';
    const missing = turn.requireStructured && turn.structured === undefined;
    const ok = (reason === 'end_turn' || reason === 'stop_sequence' || reason === 'refusal') && !missing;
    const stopped = reason === 'max_budget' && this.lastNotice ? this.lastNotice : `Stopped: ${reason}`;
    const text = ok ? turn.lastText : (turn.error ?? (missing && reason !== 'max_turns' && reason !== 'aborted' ? NO_STRUCTURED_OUTPUT : stopped));
    const line = {
      type: 'result',
      subtype: ok ? 'success' : subtypeOf(reason),
      is_error: !ok,
      result: text,
      ...(turn.structured !== undefined ? { structured_output: turn.structured } : {}),
      stop_reason: this.stopReason,
      session_id: sessionId,
      num_turns: turn.end?.turns ?? 0,
      duration_ms: Date.now() - this.turnStartedAt,
      duration_api_ms: this.apiMs,
      total_cost_usd: Math.max(this.sessionCost, [...this.models.values()].reduce((sum, t) => sum + t.costUsd, 0)),
      usage: wireUsage(this.turnUsage),
      modelUsage: this.modelUsage(),
      permission_denials: this.denials,
      ...(ok ? {} : { errors: this.errors.length ? this.errors : [text] }),
      uuid: randomUUID(),
    };
    this.turnStartedAt = Date.now();
    [this.turnUsage, this.denials, this.errors, this.stopReason, this.lastNotice] = [zero(), [], [], null, undefined];
    return { line, ok, reason };
  }

  private modelUsage(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [model, t] of this.models) {
      out[model] = {
        inputTokens: t.inputTokens,
        outputTokens: t.outputTokens,
        cacheReadInputTokens: t.cacheReadInputTokens,
        cacheCreationInputTokens: t.cacheCreationInputTokens,
        webSearchRequests: 0,
        costUSD: t.costUsd,
        contextWindow: contextWindowFor(model),
        maxOutputTokens: modelInfo(model).maxOutputTokens,
      };
    }
    return out;
  }
}

/** The error subtypes: the turn cap, the spending cap (`max_budget`, --max-budget-usd), anything else. */
function subtypeOf(reason: QueryEndReason): string {
  if (reason === 'max_turns') return 'error_max_turns';
  if (reason === 'max_budget') return 'error_max_budget_usd';
  return 'error_during_execution';
}
