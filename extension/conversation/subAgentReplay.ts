/**
 * A foreground sub-agent's nested rows on resume: its own transcript (core/loop/subagents/agentTranscript.ts) replayed
 * as the progress reports its loop sent the Agent row while it ran (`progressReporter`), which the chat folds
 * as it did then (through the tool's `subAgentView`, extension/tools/Agent/subAgentView.ts).
 */
import { z } from 'zod';
import { agentProgress, progressReporter } from '../core/loop/subagents/agentLoop';
import { agentTranscriptFile } from '../core/loop/subagents/agentTranscript';
import type { AgentProgressData } from '../core/contracts/agents';
import { toAgentId } from '../core/base/ids';
import type { Message } from '../core/base/messages';
import { messageSchema } from '../core/engines/transcripts/entries';
import type { Tools } from '../core/contracts/tool';
import { TranscriptEvents } from './transcriptEvents';

const Count = z.number().nonnegative();
const HeaderSchema = z.object({
  type: z.literal('agent'),
  agentId: z.string(),
  agentType: z.string(),
  description: z.string(),
  model: z.string(),
  cwd: z.string(),
  startedAt: z.string().optional(),
});
const EndSchema = z.object({
  type: z.literal('end'),
  durationMs: Count,
  usage: z.object({ inputTokens: Count, outputTokens: Count, cacheReadInputTokens: Count, cacheCreationInputTokens: Count }),
});

/** A stored sub-agent run: its progress reports in order, and when it started (its rows' clock). */
export interface StoredAgentRun {
  startedAt: number;
  progress: AgentProgressData[];
}

/** The transcript's path for an agent id read from a stored result; undefined for anything that is not an id. */
export function agentTranscriptOf(agentId: string): string | undefined {
  return /^[\w-]{1,200}$/.test(agentId) && toAgentId(agentId) ? agentTranscriptFile(agentId) : undefined;
}

/** The id an Agent call's result names (`agentId: … (type; …)`, tools/Agent/Agent.ts) when no record gave it. */
export function agentIdInResult(text: string): string | undefined {
  return /^agentId: (\S+) \(/m.exec(text)?.[1];
}

/** The run's progress as the live Agent row received it; undefined when the transcript has no readable header. */
export function replayAgentRun(jsonl: string, tools: Tools): StoredAgentRun | undefined {
  const lines = jsonl.split('\n').flatMap((l) => (l.trim() ? [parse(l)] : []));
  const header = HeaderSchema.safeParse(lines[0]);
  if (!header.success) return undefined;
  const h = header.data;
  const startedAt = Date.parse(h.startedAt ?? '') || 0;
  const base = { agentId: h.agentId, agentType: h.agentType, model: h.model, description: h.description };
  const report = progressReporter(startedAt);
  const events = new TranscriptEvents({ tools, cwd: h.cwd });
  const progress: AgentProgressData[] = [];
  for (const line of lines.slice(1)) {
    const end = EndSchema.safeParse(line);
    if (end.success) {
      const u = end.data.usage;
      const inputTokens = u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens;
      progress.push(agentProgress(base, { kind: 'usage', inputTokens, outputTokens: u.outputTokens, elapsedMs: end.data.durationMs }));
      continue;
    }
    const message = messageOf(line);
    for (const event of message ? events.of(message) : []) {
      const p = report(event);
      if (p) progress.push(agentProgress(base, p));
    }
  }
  return { startedAt, progress };
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function messageOf(line: unknown): Message | undefined {
  if (typeof line !== 'object' || line === null || !('type' in line) || line.type !== 'message' || !('message' in line)) return undefined;
  const m = messageSchema.safeParse(line.message);
  return m.success ? m.data : undefined;
}
