/** The parts of a turn's query params that follow from the settings and the transcript (agentSession.ts). */
import { compactionFor } from '../../engines/models/compaction';
import { requestOptionsFor, type ModelPreferences } from '../../engines/models/requestOptions';
import type { Message } from '../../base/messages';
import type { TranscriptWriter } from '../../engines/transcripts/transcript';
import type { QueryParams } from './params';

/** The turn's model settings, read at its start. */
/** `maxBudgetUsd`: the session's spending cap (QueryParams.budget), the CLI's --max-budget-usd. */
export type TurnModelSettings = { model: string; maxTurns?: number; fallbackModel?: string; maxBudgetUsd?: number } & ModelPreferences;

/**
 * The model and what the model table says about it: max_tokens, thinking and effort for the user's
 * preferences, the same for the fallback model should it take over, and the compaction threshold.
 */
export function modelParams(settings: TurnModelSettings, spentUsd?: () => number): Pick<QueryParams, 'modelName' | 'fallbackModel' | 'maxTokens' | 'thinking' | 'effort' | 'optionsFor' | 'maxTurns' | 'compaction' | 'budget'> {
  return {
    modelName: settings.model,
    ...(settings.fallbackModel ? { fallbackModel: settings.fallbackModel } : {}),
    ...requestOptionsFor(settings.model, settings),
    optionsFor: (other) => requestOptionsFor(other, settings),
    ...(settings.maxTurns ? { maxTurns: settings.maxTurns } : {}),
    ...(settings.maxBudgetUsd && spentUsd ? { budget: { maxUsd: settings.maxBudgetUsd, spentUsd } } : {}),
    compaction: compactionFor(settings.model),
  };
}

/**
 * A sub-agent's share of the same (core/loop/subagents/runAgent.ts): its own model's request options and compaction window
 * (so it gets a tool-result budget too), and the session's fallback model unless the sub-agent already runs on it.
 * Its compactions and result replacements stay in memory: its transcript keeps what it was sent.
 */
export function subAgentModelParams(model: string, settings: TurnModelSettings): Pick<QueryParams, 'maxTokens' | 'thinking' | 'effort' | 'fallbackModel' | 'optionsFor' | 'compaction'> {
  return {
    ...requestOptionsFor(model, settings),
    optionsFor: (other) => requestOptionsFor(other, settings),
    ...(settings.fallbackModel && settings.fallbackModel !== model ? { fallbackModel: settings.fallbackModel } : {}),
    compaction: compactionFor(model),
  };
}

/**
 * What the loop persists before it goes on: each message, result replacements and compaction boundaries.
 * `uuids` learns each message's transcript uuid (the stream-json CLI prints it), before the loop yields it.
 */
export function transcriptParams(writer: TranscriptWriter, uuids?: WeakMap<Message, string>): Pick<QueryParams, 'onMessage' | 'onContentReplacement' | 'onCompact'> {
  return {
    onMessage: async (m) => {
      const uuid = await writer.appendMessage(m);
      uuids?.set(m, uuid);
    },
    onContentReplacement: (replacements) => writer.appendContentReplacement(replacements),
    onCompact: async (c) => {
      await writer.appendCompactBoundary({ summary: c.summary, preservedMessageCount: c.preservedCount });
    },
  };
}
