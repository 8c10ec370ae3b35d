/**
 * /agents: every sub-agent type the Agent tool can start, with where it is defined, what it is for, its
 * tools and model. A file-defined agent's path opens the file.
 */
import type { PanelView } from '../../../extension/protocol/messages';
import { useActions } from '../../shared/actions';
import { SOURCE_LABELS } from './panelText';

type AgentsView = Extract<PanelView, { panel: 'agents' }>;
type Agent = AgentsView['agents'][number];

function AgentRow({ agent }: { agent: Agent }) {
  const { openFile } = useActions();
  return (
    <li className="panel-item" data-testid="agent-row" data-name={agent.name}>
      <div className="panel-item-line">
        <span className="panel-item-name">{agent.name}</span>
        <span className="panel-badge" data-testid="agent-source">
          {SOURCE_LABELS[agent.source]}
        </span>
      </div>
      {agent.description && <div className="panel-item-text">{agent.description}</div>}
      <dl className="panel-facts">
        <dt>Tools</dt>
        <dd data-testid="agent-tools">{agent.tools ? agent.tools.join(', ') || 'None' : 'All tools'}</dd>
        <dt>Model</dt>
        <dd data-testid="agent-model">{agent.model ?? 'Inherits the session model'}</dd>
        {agent.path && (
          <>
            <dt>File</dt>
            <dd>
              <button type="button" className="panel-link" data-testid="agent-path" onClick={() => openFile(agent.path ?? '')}>
                {agent.path}
              </button>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

export function AgentsPanel({ view }: { view: AgentsView }) {
  if (view.agents.length === 0) {
    return (
      <div className="panel-empty" data-testid="panel-empty">
        No agents. Add one as a Markdown file in .claude/agents/ (this project) or ~/.claude/agents/ (every project).
      </div>
    );
  }
  return (
    <ul className="panel-list" aria-label="Agents">
      {view.agents.map((a) => (
        <AgentRow key={`${a.source}:${a.name}`} agent={a} />
      ))}
    </ul>
  );
}
