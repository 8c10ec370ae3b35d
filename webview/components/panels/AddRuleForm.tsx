/**
 * The permissions panel's form to add a rule: what it does (allow, ask, deny), where it is saved (user,
 * project or local settings, or this session only) and the rule itself (`Bash(npm test:*)`, `Read(src/**)`).
 * Enter in the rule field adds it; the host checks the rule and refreshes the panel.
 */
import { useId, useState } from 'react';
import type { AddPermissionRule } from './panelActions';
import { BEHAVIOR_LABELS, BEHAVIORS, SOURCE_LABELS } from './panelText';

const DESTINATIONS: readonly AddPermissionRule['destination'][] = ['localSettings', 'projectSettings', 'userSettings', 'session'];

export function AddRuleForm({ onAdd }: { onAdd: (rule: AddPermissionRule) => void }) {
  const [behavior, setBehavior] = useState<AddPermissionRule['behavior']>('allow');
  const [destination, setDestination] = useState<AddPermissionRule['destination']>('localSettings');
  const [rule, setRule] = useState('');
  const ids = { behavior: useId(), destination: useId(), rule: useId() };
  const trimmed = rule.trim();
  return (
    <form
      className="panel-form"
      data-testid="permission-add-form"
      aria-label="Add a permission rule"
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed) return;
        onAdd({ behavior, destination, rule: trimmed });
        setRule('');
      }}
    >
      <div className="panel-form-row">
        <label htmlFor={ids.behavior}>Rule</label>
        <select id={ids.behavior} data-testid="permission-add-behavior" value={behavior} onChange={(e) => setBehavior(BEHAVIORS.find((b) => b === e.target.value) ?? 'allow')}>
          {BEHAVIORS.map((b) => (
            <option key={b} value={b}>
              {BEHAVIOR_LABELS[b]}
            </option>
          ))}
        </select>
        <label htmlFor={ids.destination}>in</label>
        <select id={ids.destination} data-testid="permission-add-destination" value={destination} onChange={(e) => setDestination(DESTINATIONS.find((d) => d === e.target.value) ?? 'localSettings')}>
          {DESTINATIONS.map((d) => (
            <option key={d} value={d}>
              {SOURCE_LABELS[d]}
            </option>
          ))}
        </select>
      </div>
      <div className="panel-form-row">
        <input
          id={ids.rule}
          className="panel-input"
          data-testid="permission-add-rule"
          aria-label="Rule, e.g. Bash(npm test:*)"
          placeholder="Bash(npm test:*)"
          maxLength={2000}
          value={rule}
          onChange={(e) => setRule(e.target.value)}
        />
        <button type="submit" className="button-secondary" data-testid="permission-add-submit" disabled={!trimmed}>
          Add
        </button>
      </div>
    </form>
  );
}
