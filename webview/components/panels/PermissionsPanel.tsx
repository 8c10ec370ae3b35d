/**
 * /permissions: the permission mode and every rule, grouped by where it comes from and then by what it
 * does (allow, ask, deny). Rules from a settings file or the session have a Remove button; VS Code
 * settings and command-line rules are changed where they were set. The form below adds a rule.
 */
import { permissionModeLabel, type PanelView } from '../../../extension/protocol/messages';
import { AddRuleForm } from './AddRuleForm';
import type { AddPermissionRule, RemovePermissionRule } from './panelActions';
import { BEHAVIOR_LABELS, BEHAVIORS, SOURCE_LABELS, SOURCE_ORDER, type PanelSource } from './panelText';

type PermissionsView = Extract<PanelView, { panel: 'permissions' }>;
type Rule = PermissionsView['rules'][number];


export interface PermissionsPanelProps {
  view: PermissionsView;
  onAdd: (rule: AddPermissionRule) => void;
  onRemove: (rule: RemovePermissionRule) => void;
}

function RuleRow({ rule, onRemove }: { rule: Rule; onRemove: PermissionsPanelProps['onRemove'] }) {
  return (
    <li className="panel-rule" data-testid="permission-rule" data-behavior={rule.behavior} data-source={rule.source}>
      <code className="panel-rule-text">{rule.rule}</code>
      {rule.editable && (
        <button
          type="button"
          className="icon-button"
          data-testid="permission-rule-remove"
          aria-label={`Remove ${rule.behavior} rule ${rule.rule} from ${SOURCE_LABELS[rule.source]}`}
          title="Remove this rule"
          onClick={() => {
            onRemove({ source: rule.source, behavior: rule.behavior, rule: rule.rule });
          }}
        >
          Remove
        </button>
      )}
    </li>
  );
}

function SourceGroup({ source, rules, onRemove }: { source: PanelSource; rules: readonly Rule[]; onRemove: PermissionsPanelProps['onRemove'] }) {
  return (
    <section className="panel-group" data-testid="permission-source" data-source={source} aria-label={SOURCE_LABELS[source]}>
      <div className="panel-group-title">{SOURCE_LABELS[source]}</div>
      {BEHAVIORS.map((behavior) => {
        const those = rules.filter((r) => r.behavior === behavior);
        if (those.length === 0) return null;
        return (
          <div key={behavior} className={`panel-behavior panel-behavior-${behavior}`}>
            <div className="panel-behavior-title">{BEHAVIOR_LABELS[behavior]}</div>
            <ul className="panel-list">
              {those.map((r) => (
                <RuleRow key={r.rule} rule={r} onRemove={onRemove} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

export function PermissionsPanel({ view, onAdd, onRemove }: PermissionsPanelProps) {
  const sources = SOURCE_ORDER.filter((s) => view.rules.some((r) => r.source === s));
  return (
    <div className="permissions-panel">
      <div className="panel-meta" data-testid="permission-mode">
        Mode: {permissionModeLabel(view.mode)}
      </div>
      {sources.length === 0 ? (
        <div className="panel-empty" data-testid="panel-empty">
          No permission rules yet. Add one below, or under "permissions" in .claude/settings.json.
        </div>
      ) : (
        sources.map((source) => <SourceGroup key={source} source={source} rules={view.rules.filter((r) => r.source === source)} onRemove={onRemove} />)
      )}
      <AddRuleForm onAdd={onAdd} />
    </div>
  );
}
