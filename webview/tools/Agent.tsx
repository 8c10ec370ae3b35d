/**
 * Agent: a sub-agent as one collapsible row (docs/ARCHITECTURE.md, Host and webview). Open while it runs,
 * closed once it finished unless the user chose otherwise; it shows the agent's type, model, tokens and
 * elapsed time (ticking while it runs), its own tool uses as nested rows, the last line it wrote, and
 * once done its report as markdown. The renderer draws the whole row (`Row`): `ToolRow` uses it for an Agent
 * call and for any row that carries a sub-agent view (webview/tools/registry.ts).
 */
import { memo, useEffect, useId, useState } from 'react';
import { AGENT_TOOL_NAME, type SubAgentChild, type SubAgentView, type ToolEntry, type ToolResultData } from '../../extension/protocol/messages';
import { Markdown } from '../components/Markdown';
import { useExpanded } from '../state/expansion';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import './agent.css';

const STATUS_LABEL: Record<ToolEntry['status'], string> = { running: 'Running', done: 'Done', error: 'Failed', stopped: 'Stopped' };
type AgentResult = Extract<ToolResultData, { kind: 'agent' }>;

export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export function formatTokens(n: number): string {
  return n < 1000 ? `${n} tokens` : `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k tokens`;
}

/** Milliseconds since the agent started, re-rendered every second while `running`. */
function useElapsed(agent: SubAgentView | undefined, running: boolean): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!agent) return undefined;
  return running ? Math.max(agent.elapsedMs, now - agent.startedAt) : agent.elapsedMs;
}

function agentResult(entry: ToolEntry): AgentResult | undefined {
  return entry.result?.data?.kind === 'agent' ? entry.result.data : undefined;
}

function Meta({ entry, elapsedMs }: { entry: ToolEntry; elapsedMs: number | undefined }) {
  const a = entry.agent;
  const r = agentResult(entry);
  const type = r?.agentType ?? a?.agentType ?? str(entry.input, 'subagent_type') ?? 'general-purpose';
  const model = r?.model || a?.model || str(entry.input, 'model');
  const tokens = r?.tokens ?? a?.tokens;
  const uses = r?.toolUses ?? a?.toolUses;
  const ms = r?.durationMs ?? elapsedMs;
  const parts = [type, model, tokens ? formatTokens(tokens) : undefined, uses ? `${uses} tool ${uses === 1 ? 'use' : 'uses'}` : undefined, ms !== undefined ? formatElapsed(ms) : undefined];
  return (
    <div className="agent-meta" data-testid="agent-meta">
      {parts.filter((p): p is string => !!p).join(' · ')}
    </div>
  );
}

function ChildRow({ child }: { child: SubAgentChild }) {
  return (
    <li className="agent-child" data-testid="agent-child" data-status={child.status}>
      <span className={`tool-status-icon tool-status-${child.status}`} role="img" aria-label={STATUS_LABEL[child.status]} />
      <span className="agent-child-name">{child.toolName}</span>
      {child.summary && <span className="tool-summary">{child.summary}</span>}
    </li>
  );
}

function Children({ agent }: { agent: SubAgentView }) {
  if (agent.children.length === 0) return null;
  return (
    <>
      {agent.earlierChildren > 0 && <div className="tool-note" data-testid="agent-earlier">{`${agent.earlierChildren} earlier tool ${agent.earlierChildren === 1 ? 'use' : 'uses'}`}</div>}
      <ul className="agent-children" aria-label="Sub-agent tool uses">
        {agent.children.map((c) => (
          <ChildRow key={c.toolUseId} child={c} />
        ))}
      </ul>
    </>
  );
}

/** The finished agent's report as markdown, or the result text when there is no report view. */
function Result({ entry }: ToolViewProps) {
  const r = agentResult(entry);
  if (r) {
    return (
      <div className="agent-report" data-testid="agent-report">
        {r.status !== 'completed' && <div className="tool-note">{r.status === 'killed' ? 'Stopped before it finished' : 'The sub-agent failed'}</div>}
        <Markdown text={r.report} />
      </div>
    );
  }
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const AgentRow = memo(function AgentRow({ entry }: { entry: ToolEntry }) {
  const running = entry.status === 'running';
  const [open, toggle] = useExpanded(entry.id, running);
  const bodyId = useId();
  const agent = entry.agent;
  const elapsedMs = useElapsed(agent, running);
  const description = agent?.description || str(entry.input, 'description') || entry.summary;
  return (
    <section className={`tool agent tool-${entry.status}`} data-testid="tool" data-tool={entry.name} data-status={entry.status} aria-label={`Sub-agent: ${description ?? ''}`}>
      <button type="button" className="disclosure tool-header" data-testid="agent-toggle" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        <span className="disclosure-chevron" aria-hidden="true" />
        <span className={`tool-status-icon tool-status-${entry.status}`} role="img" aria-label={STATUS_LABEL[entry.status]} />
        <span className="tool-title">{AGENT_TOOL_NAME}</span>
        {description && <span className="tool-summary">{description}</span>}
      </button>
      <Meta entry={entry} elapsedMs={elapsedMs} />
      {running && agent?.latestText && (
        <div className="agent-latest" data-testid="agent-latest">
          {agent.latestText}
        </div>
      )}
      {open && (
        <div id={bodyId} className="agent-body" data-testid="agent-body">
          {agent && <Children agent={agent} />}
          {!running && <Result entry={entry} />}
        </div>
      )}
    </section>
  );
});

export const AgentRenderer: ToolRenderer = {
  title: (entry) => `${AGENT_TOOL_NAME} (${str(entry.input, 'subagent_type') ?? 'general-purpose'})`,
  Result,
  Row: AgentRow,
};
