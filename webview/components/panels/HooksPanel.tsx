/**
 * /hooks: the command hooks from the settings files, grouped by event (PreToolUse, Stop, …), each with its
 * matcher, command, timeout and where it is set (the file opens). With none, it says where hooks go.
 */
import type { PanelView } from '../../../extension/protocol/messages';
import { useActions } from '../../shared/actions';
import { SOURCE_LABELS } from './panelText';

type HooksView = Extract<PanelView, { panel: 'hooks' }>;
type Hook = HooksView['hooks'][number];

function HookRow({ hook }: { hook: Hook }) {
  const { openFile } = useActions();
  return (
    <li className="panel-item" data-testid="hook-row">
      <code className="panel-command" data-testid="hook-command">
        {hook.command}
      </code>
      <dl className="panel-facts">
        <dt>Matcher</dt>
        <dd data-testid="hook-matcher">{hook.matcher ? <code>{hook.matcher}</code> : 'Every tool'}</dd>
        <dt>Timeout</dt>
        <dd data-testid="hook-timeout">{`${String(hook.timeout)} s`}</dd>
        <dt>From</dt>
        <dd data-testid="hook-source">
          {hook.path ? (
            <button type="button" className="panel-link" data-testid="hook-path" title={SOURCE_LABELS[hook.source]} onClick={() => openFile(hook.path ?? '')}>
              {hook.path}
            </button>
          ) : (
            SOURCE_LABELS[hook.source]
          )}
        </dd>
      </dl>
    </li>
  );
}

export function HooksPanel({ view }: { view: HooksView }) {
  if (view.hooks.length === 0) {
    return (
      <div className="panel-empty" data-testid="panel-empty">
        No hooks are configured. Add them under "hooks" in .claude/settings.json, .claude/settings.local.json or ~/.claude/settings.json.
      </div>
    );
  }
  // Events in the order they first appear, which is the host's order.
  const events = [...new Set(view.hooks.map((h) => h.event))];
  return (
    <div className="hooks-panel">
      {events.map((event) => (
        <section key={event} className="panel-group" data-testid="hook-event" data-event={event} aria-label={event}>
          <div className="panel-group-title">{event}</div>
          <ul className="panel-list">
            {view.hooks
              .filter((h) => h.event === event)
              .map((h, i) => (
                <HookRow key={i} hook={h} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
