/**
 * Agent in the chat: how the sub-agent's run ended and its final report, shown under the Agent row
 * (docs/ARCHITECTURE.md, Host and webview). The output is the tool's `AgentRunResult`, optionally with the
 * agent type and model it ran as; the input's `subagent_type` and `model` fill in what the output lacks.
 * A background launch (no report yet) has no view: its row shows the result text.
 */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import { MAX_RESULT_PREVIEW_CHARS, type ToolResultData } from '../../protocol/entries';

const Count = z.number().nonnegative();
const AgentOutput = z.object({
  status: z.enum(['completed', 'failed', 'killed']),
  report: z.string(),
  usage: z.object({ inputTokens: Count, outputTokens: Count }),
  durationMs: Count,
  toolUses: Count,
  agentType: z.string().optional(),
  model: z.string().optional(),
});
const AgentInput = z.object({ subagent_type: z.string().optional(), model: z.string().optional() });

/** The built-in type an Agent call without `subagent_type` runs. */
const DEFAULT_AGENT_TYPE = 'general-purpose';

export function presentAgent({ input, output }: PresentArgs): ToolResultData | undefined {
  const o = AgentOutput.safeParse(output);
  if (!o.success) return undefined;
  const i = AgentInput.safeParse(input);
  const d = o.data;
  const report = d.report.length > MAX_RESULT_PREVIEW_CHARS ? `${d.report.slice(0, MAX_RESULT_PREVIEW_CHARS)}…` : d.report;
  return {
    kind: 'agent',
    agentType: (d.agentType ?? (i.success ? i.data.subagent_type : undefined) ?? DEFAULT_AGENT_TYPE).slice(0, 200),
    model: (d.model ?? (i.success ? i.data.model : undefined) ?? '').slice(0, 200),
    status: d.status,
    tokens: Math.round(d.usage.inputTokens + d.usage.outputTokens),
    toolUses: Math.round(d.toolUses),
    durationMs: Math.round(d.durationMs),
    report,
  };
}
