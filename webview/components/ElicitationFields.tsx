/**
 * The fields of an MCP elicitation form (protocol/elicitationForm.ts): text (email, URL, date, date and
 * time), numbers, a checkbox, a single-select list and a multi-select group, each with its label, its
 * description and, after a first Accept, the message of what is not right yet beside it.
 */
import { useId, type ReactNode } from 'react';
import type { ElicitationField, FormInput } from '../../extension/protocol/elicitationForm';

export interface FieldProps {
  field: ElicitationField;
  input: FormInput | undefined;
  error: string | undefined;
  onChange: (input: FormInput) => void;
}

/** One field with its label, description and error, in a row the tests find by the property's name. */
export function ElicitationFieldRow(props: FieldProps) {
  const { field, error } = props;
  const id = useId();
  const describedBy = `${id}-description`;
  const errorId = `${id}-error`;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [field.description ? describedBy : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
  };
  const group = field.kind === 'multiselect';
  const label = (
    <span className="elicitation-label">
      {field.label}
      {field.required && (
        <span className="elicitation-required" title="Required" aria-label="(required)">
          {' *'}
        </span>
      )}
    </span>
  );
  const Frame = group ? 'fieldset' : 'div';
  return (
    <Frame className="elicitation-field" data-testid="elicitation-field" data-name={field.name} data-kind={field.kind}>
      {group ? <legend className="elicitation-legend">{label}</legend> : field.kind !== 'boolean' && <label htmlFor={id}>{label}</label>}
      {field.description && (
        <div className="elicitation-description" id={describedBy}>
          {field.description}
        </div>
      )}
      {control(props, id, aria, label)}
      {error && (
        <div className="elicitation-error" id={errorId} data-testid="elicitation-error">
          {error}
        </div>
      )}
    </Frame>
  );
}

type Aria = { 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };

function control({ field, input, onChange }: FieldProps, id: string, aria: Aria, label: ReactNode): ReactNode {
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="elicitation-check">
          <input id={id} type="checkbox" data-testid="elicitation-input" checked={input === true} onChange={(e) => onChange(e.target.checked)} {...aria} />
          {label}
        </label>
      );
    case 'select':
      return (
        <select id={id} className="elicitation-input" data-testid="elicitation-input" value={typeof input === 'string' ? input : ''} onChange={(e) => onChange(e.target.value)} {...aria}>
          <option value="">{field.required ? 'Choose…' : '(none)'}</option>
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      );
    case 'multiselect':
      return <MultiSelect field={field} picked={Array.isArray(input) ? input : []} onChange={onChange} aria={aria} />;
    case 'number':
      return <input id={id} className="elicitation-input" data-testid="elicitation-input" type="text" inputMode={field.integer ? 'numeric' : 'decimal'} placeholder={bounds(field)} value={typeof input === 'string' ? input : ''} onChange={(e) => onChange(e.target.value)} {...aria} />;
    case 'text':
      return <input id={id} className="elicitation-input" data-testid="elicitation-input" type={TEXT_TYPES[field.format ?? 'text']} placeholder={PLACEHOLDERS[field.format ?? 'text']} value={typeof input === 'string' ? input : ''} onChange={(e) => onChange(e.target.value)} {...aria} />;
  }
}

function MultiSelect({ field, picked, onChange, aria }: { field: Extract<ElicitationField, { kind: 'multiselect' }>; picked: readonly string[]; onChange: (input: string[]) => void; aria: Aria }) {
  // Picks keep the order of the choices, whatever order they were clicked in.
  const toggle = (value: string) => onChange(field.choices.map((c) => c.value).filter((v) => (v === value ? !picked.includes(v) : picked.includes(v))));
  return (
    <div className="elicitation-choices" role="group" aria-describedby={aria['aria-describedby']}>
      {field.choices.map((c) => (
        <label key={c.value} className="elicitation-check" data-testid="elicitation-choice" data-value={c.value}>
          <input type="checkbox" checked={picked.includes(c.value)} onChange={() => toggle(c.value)} aria-invalid={aria['aria-invalid']} />
          {c.label}
        </label>
      ))}
    </div>
  );
}

/** `date` gets the browser's date field; `date-time` stays text, as the value needs seconds and an offset. */
const TEXT_TYPES: Record<string, string> = { text: 'text', email: 'email', uri: 'url', date: 'date', 'date-time': 'text' };
const PLACEHOLDERS: Record<string, string | undefined> = { email: 'name@example.com', uri: 'https://…', 'date-time': 'YYYY-MM-DDTHH:MM:SSZ' };

function bounds(f: Extract<ElicitationField, { kind: 'number' }>): string | undefined {
  if (f.minimum !== undefined && f.maximum !== undefined) return `${f.minimum} to ${f.maximum}`;
  if (f.minimum !== undefined) return `at least ${f.minimum}`;
  return f.maximum !== undefined ? `at most ${f.maximum}` : undefined;
}
