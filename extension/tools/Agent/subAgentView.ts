/**
 * The Agent row's sub-agent view (docs/ARCHITECTURE.md, Host and webview): folds the Agent tool's progress
 * payloads (`AgentProgressData`, one per thing the sub-agent does) into a capped, render-ready `SubAgentView`,
 * which the chat sends whole after each change. The tool offers it as its `subAgentView` member
 * (`agentSubAgentView`), so the chat asks the tool rather than testing its name.
 */
import { z } from 'zod';
import type { AgentProgressData } from '../../core/contracts/agents';
import { withoutToolUseErrorTags } from '../../core/contracts/toolErrors';
import type { SubAgentViewer, ToolPresentation } from '../../core/contracts/toolViews';
import { MAX_AGENT_CHILDREN, type SubAgentChild, type SubAgentView, type ToolResultData } from '../../protocol/entries';

const MAX_SUMMARY_CHARS = 500;
const MAX_TEXT_CHARS = 500;

const Str = z.string();
const Count = z.number().nonnegative();
const AgentProgressSchema = z.object({
  type: z.literal('agent_progress'),
  agentId: Str.min(1),
  agentType: Str,
  model: Str,
  description: Str,
  event: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('toolStart'), toolUseId: Str.min(1), toolName: Str.min(1), summary: Str }),
    z.object({ kind: z.literal('toolEnd'), toolUseId: Str.min(1), isError: z.boolean(), summary: Str }),
    z.object({ kind: z.literal('text'), text: Str }),
    z.object({ kind: z.literal('usage'), inputTokens: Count, outputTokens: Count, elapsedMs: Count }),
  ]),
});

/** The payload when `data` is a well-formed `AgentProgressData`, else undefined (other tools' progress). */
export function asAgentProgress(data: unknown): AgentProgressData | undefined {
  const parsed = AgentProgressSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The view after one progress payload; `prev` is not changed. `now` is epoch ms. */
export function applyAgentProgress(prev: SubAgentView | undefined, p: AgentProgressData, now: number): SubAgentView {
  const base = prev ?? emptyView(p, now);
  const view: SubAgentView = {
    ...base,
    agentType: cut(p.agentType, 200),
    model: cut(p.model, 200),
    description: cut(p.description, MAX_SUMMARY_CHARS),
    elapsedMs: Math.max(base.elapsedMs, Math.round(now - base.startedAt)),
  };
  const e = p.event;
  switch (e.kind) {
    case 'toolStart':
      return withChild(view, { toolUseId: cut(e.toolUseId, 200), toolName: cut(e.toolName, 200), summary: cut(e.summary, MAX_SUMMARY_CHARS), status: 'running' });
    case 'toolEnd':
      // The row keeps the label it started with ("Read a.txt"): the result's first line ("1  hello world") is
      // not a label. Only a call that started without one shows what it ended with.
      return {
        ...view,
        children: view.children.map((c) =>
          c.toolUseId === e.toolUseId ? { ...c, status: e.isError ? 'error' : 'done', summary: c.summary || cut(withoutToolUseErrorTags(e.summary), MAX_SUMMARY_CHARS) } : c,
        ),
      };
    case 'text': {
      const line = lastLine(e.text);
      return line ? { ...view, latestText: line } : view;
    }
    case 'usage':
      return { ...view, tokens: Math.round(e.inputTokens + e.outputTokens), elapsedMs: Math.max(view.elapsedMs, Math.round(e.elapsedMs)) };
  }
}

/** The view once the Agent tool ended: its children still running are stopped and the clock stops. */
export function finishAgentView(view: SubAgentView, now: number, final?: { tokens: number; durationMs: number }): SubAgentView {
  return {
    ...view,
    children: view.children.map((c) => (c.status === 'running' ? { ...c, status: 'stopped' } : c)),
    elapsedMs: Math.round(final?.durationMs ?? Math.max(view.elapsedMs, now - view.startedAt)),
    ...(final ? { tokens: Math.round(final.tokens) } : {}),
  };
}

function emptyView(p: AgentProgressData, now: number): SubAgentView {
  return {
    agentId: cut(p.agentId, 200),
    agentType: '',
    model: '',
    description: '',
    tokens: 0,
    startedAt: now,
    elapsedMs: 0,
    toolUses: 0,
    children: [],
    earlierChildren: 0,
  };
}

function withChild(view: SubAgentView, child: SubAgentChild): SubAgentView {
  if (view.children.some((c) => c.toolUseId === child.toolUseId)) return view;
  const children = [...view.children, child];
  const dropped = Math.max(0, children.length - MAX_AGENT_CHILDREN);
  return { ...view, children: children.slice(dropped), earlierChildren: view.earlierChildren + dropped, toolUses: view.toolUses + 1 };
}

/** The last non-blank line of `text`, trimmed and capped. */
function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]) return cut(lines[i]!, MAX_TEXT_CHARS);
  return '';
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

type AgentResultView = Extract<ToolResultData, { kind: 'agent' }>;

function isAgentResult(view: ToolPresentation | undefined): view is AgentResultView {
  return view?.kind === 'agent';
}

/** The Agent tool's `subAgentView`: its own progress folded into the view, finished with the report view's totals. */
export const agentSubAgentView = {
  apply(prev: SubAgentView | undefined, progress: unknown, now: number): SubAgentView | undefined {
    const p = asAgentProgress(progress);
    return p ? applyAgentProgress(prev, p, now) : undefined;
  },
  finish(view: SubAgentView, now: number, result: ToolPresentation | undefined): SubAgentView {
    return finishAgentView(view, now, isAgentResult(result) ? result : undefined);
  },
} satisfies SubAgentViewer;
