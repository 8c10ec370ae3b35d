/**
 * The form model of an MCP elicitation (protocol/elicitation.ts), shared by the card and the host: the
 * fields a requested schema asks for, the inputs they start with (each property's `default`, SEP-1034),
 * and the checks of what comes back (required, type, bounds, format, enum membership). The card checks
 * before it sends; the host checks the content again before the server gets it.
 */
import type { ElicitationProperty, ElicitationSchema, ElicitationValue } from './elicitation';

export interface ElicitationChoice {
  value: string;
  label: string;
}

interface FieldBase {
  /** The property's name: the content's key. */
  name: string;
  /** Its title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}

export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

export type ElicitationField =
  | (FieldBase & { kind: 'text'; format?: TextFormat; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; choices: ElicitationChoice[]; default?: string })
  | (FieldBase & { kind: 'multiselect'; choices: ElicitationChoice[]; minItems?: number; maxItems?: number; default?: string[] });

/** What a field holds while the user fills it: text (numbers too, as typed), a checkbox, a multi-select's picks. */
export type FormInput = string | boolean | string[];

export type FormOutcome = { ok: true; content: Record<string, ElicitationValue> } | { ok: false; errors: Record<string, string> };

/** The fields of `schema`, in the order of its properties. */
export function elicitationFields(schema: ElicitationSchema): ElicitationField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, p]) => fieldOf(name, p, required.has(name)));
}

function fieldOf(name: string, p: ElicitationProperty, required: boolean): ElicitationField {
  const base: FieldBase = { name, label: p.title?.trim() || name, required, ...(p.description ? { description: p.description } : {}) };
  switch (p.type) {
    case 'boolean':
      return { ...base, kind: 'boolean', ...opt('default', p.default) };
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: p.type === 'integer', ...opt('minimum', p.minimum), ...opt('maximum', p.maximum), ...opt('default', p.default) };
    case 'array': {
      const choices = p.items.anyOf ? p.items.anyOf.map(titled) : (p.items.enum ?? []).map((v) => ({ value: v, label: v }));
      return { ...base, kind: 'multiselect', choices, ...opt('minItems', p.minItems), ...opt('maxItems', p.maxItems), ...opt('default', p.default) };
    }
    case 'string': {
      const choices = p.oneOf ? p.oneOf.map(titled) : p.enum?.map((v, i) => ({ value: v, label: p.enumNames?.[i] ?? v }));
      if (choices) return { ...base, kind: 'select', choices, ...opt('default', p.default) };
      return { ...base, kind: 'text', ...opt('format', p.format), ...opt('minLength', p.minLength), ...opt('maxLength', p.maxLength), ...opt('default', p.default) };
    }
  }
}

function titled(c: { const: string; title: string }): ElicitationChoice {
  return { value: c.const, label: c.title || c.const };
}

/** What each field starts with: its default (SEP-1034), else empty; a default that is not one of the choices is left out. */
export function initialInputs(fields: readonly ElicitationField[]): Record<string, FormInput> {
  return Object.fromEntries(fields.map((f) => [f.name, initialInput(f)]));
}

function initialInput(f: ElicitationField): FormInput {
  switch (f.kind) {
    case 'text':
      return f.default ?? '';
    case 'number':
      return f.default === undefined ? '' : String(f.default);
    case 'boolean':
      return f.default ?? false;
    case 'select':
      return f.default !== undefined && f.choices.some((c) => c.value === f.default) ? f.default : '';
    case 'multiselect':
      return (f.default ?? []).filter((v, i, all) => f.choices.some((c) => c.value === v) && all.indexOf(v) === i);
  }
}

/**
 * The content to send, or the message for each field that is not right yet. Empty optional fields are left
 * out; a checkbox always sends its state.
 */
export function formContent(fields: readonly ElicitationField[], inputs: Readonly<Record<string, FormInput>>): FormOutcome {
  const content: Record<string, ElicitationValue> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const read = readInput(f, inputs[f.name]);
    const problem = 'error' in read ? read.error : read.value === undefined ? (f.required ? missing(f) : undefined) : valueProblem(f, read.value);
    if (problem) errors[f.name] = problem;
    else if ('value' in read && read.value !== undefined) content[f.name] = read.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, content };
}

/** An input as the value it stands for; undefined when the field was left empty. */
function readInput(f: ElicitationField, input: FormInput | undefined): { value: ElicitationValue | undefined } | { error: string } {
  if (f.kind === 'boolean') return { value: input === true };
  if (f.kind === 'multiselect') return { value: Array.isArray(input) && input.length ? input : undefined };
  const text = typeof input === 'string' ? input : '';
  if (f.kind !== 'number') return { value: text.trim() === '' ? undefined : text };
  if (!text.trim()) return { value: undefined };
  const n = Number(text.trim());
  return Number.isFinite(n) ? { value: n } : { error: 'Enter a number.' };
}

function missing(f: ElicitationField): string {
  return f.kind === 'select' ? 'Choose one.' : f.kind === 'multiselect' ? 'Choose at least one.' : 'Fill this in.';
}

/**
 * Why `content` (an accepted form's values, as the card sent them) does not fit `fields`, naming the
 * property; undefined when it fits. Unknown properties do not fit either.
 */
export function contentProblem(fields: readonly ElicitationField[], content: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of Object.keys(content)) if (!fields.some((f) => f.name === key)) return `"${key}" is not a field of the form.`;
  for (const f of fields) {
    const value = content[f.name];
    const problem = value === undefined ? (f.required ? 'is required.' : undefined) : valueProblem(f, value);
    if (problem) return `"${f.name}": ${problem}`;
  }
  return undefined;
}

/** Why a value does not fit the field: its type, its bounds, its format, its choices. */
export function valueProblem(f: ElicitationField, value: unknown): string | undefined {
  switch (f.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Must be true or false.';
    case 'number':
      return numberProblem(f, value);
    case 'text':
      return typeof value === 'string' ? textProblem(f, value) : 'Must be text.';
    case 'select':
      return typeof value === 'string' && f.choices.some((c) => c.value === value) ? undefined : 'Choose one of the options.';
    case 'multiselect':
      return multiProblem(f, value);
  }
}

function numberProblem(f: Extract<ElicitationField, { kind: 'number' }>, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number.';
  if (f.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (f.minimum !== undefined && value < f.minimum) return `Must be at least ${f.minimum}.`;
  if (f.maximum !== undefined && value > f.maximum) return `Must be at most ${f.maximum}.`;
  return undefined;
}

function textProblem(f: Extract<ElicitationField, { kind: 'text' }>, value: string): string | undefined {
  // JSON Schema counts characters (code points), not UTF-16 units.
  const length = [...value].length;
  if (f.minLength !== undefined && length < f.minLength) return `Use at least ${plural(f.minLength, 'character')}.`;
  if (f.maxLength !== undefined && length > f.maxLength) return `Use at most ${plural(f.maxLength, 'character')}.`;
  return f.format && !FORMATS[f.format].test(value) ? FORMAT_HINTS[f.format] : undefined;
}

function multiProblem(f: Extract<ElicitationField, { kind: 'multiselect' }>, value: unknown): string | undefined {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !f.choices.some((c) => c.value === v))) return 'Choose among the options.';
  if (new Set(value).size !== value.length) return 'Choose each option once.';
  if (f.minItems !== undefined && value.length < f.minItems) return `Choose at least ${f.minItems}.`;
  if (f.maxItems !== undefined && value.length > f.maxItems) return `Choose at most ${f.maxItems}.`;
  return undefined;
}

/** The formats as the servers' validators (ajv-formats) read them. */
const FORMATS: Record<TextFormat, { test(value: string): boolean }> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: { test: (v) => /^[a-z][a-z\d+.-]*:\S+$/i.test(v) && canParseUrl(v) },
  date: { test: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(v) },
  'date-time': { test: (v) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(v) && validDate(v.slice(0, 10)) && validTime(v.slice(11, 19)) },
};

const FORMAT_HINTS: Record<TextFormat, string> = {
  email: 'Enter an email address, like name@example.com.',
  uri: 'Enter a URL, like https://example.com/page.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time as YYYY-MM-DDTHH:MM:SSZ, or with an offset such as +02:00.',
};

function canParseUrl(v: string): boolean {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

function validDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function validTime(v: string): boolean {
  const [h, m, s] = v.split(':').map(Number) as [number, number, number];
  return h < 24 && m < 60 && s <= 60;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
