/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), read the way Vixie cron reads
 * them: `*`, lists (`1,15`), ranges (`1-5`), steps (`*\/15`, `10-50/20`, `5/10`), month names (`jan`) and
 * day names (`mon`, 0 and 7 are both Sunday). When both day fields are restricted a day matches either
 * (the usual OR rule); a field starting with `*` counts as unrestricted. See docs/ARCHITECTURE.md,
 * "Scheduled and watched work".
 */

/** A parsed expression: for each field, which values match. */
export interface CronSchedule {
  readonly source: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly daysOfMonth: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (7 is folded into 0). */
  readonly daysOfWeek: ReadonlySet<number>;
  readonly domRestricted: boolean;
  readonly dowRestricted: boolean;
}

export type CronFieldName = 'minute' | 'hour' | 'day-of-month' | 'month' | 'day-of-week';

/** A malformed expression; `field` names the field at fault, when one is. */
export class CronParseError extends Error {
  constructor(
    message: string,
    readonly field?: CronFieldName,
  ) {
    super(message);
    this.name = 'CronParseError';
  }
}

interface FieldSpec {
  name: CronFieldName;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const FIELDS: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  { name: 'day-of-week', min: 0, max: 7, names: DAY_NAMES },
];

/** The longest expression accepted; longer ones are not cron. */
export const MAX_CRON_LENGTH = 200;

function fail(spec: FieldSpec, text: string, why: string): never {
  throw new CronParseError(`The ${spec.name} field "${text}" ${why}.`, spec.name);
}

function value(spec: FieldSpec, token: string, whole: string): number {
  const named = spec.names?.indexOf(token.toLowerCase()) ?? -1;
  if (named >= 0) return named + spec.min;
  if (!/^\d+$/.test(token)) {
    const names = spec.names ? ` or a name (${spec.names.join(', ')})` : '';
    fail(spec, whole, `has "${token}", which is not a number${names}`);
  }
  const n = Number(token);
  if (n < spec.min || n > spec.max) fail(spec, whole, `has ${n}, outside ${spec.min}-${spec.max}`);
  return n;
}

/** The values one comma-separated part (`*`, `a`, `a-b`, each with an optional `/step`) matches. */
function partValues(spec: FieldSpec, part: string, whole: string): number[] {
  const [range, stepText, extra] = part.split('/');
  if (extra !== undefined || range === '' || stepText === '') fail(spec, whole, 'is malformed');
  const step = stepText === undefined ? 1 : value({ ...spec, min: 1, max: spec.max - spec.min + 1 }, stepText, whole);
  let from = spec.min;
  let to = spec.max;
  if (range !== '*') {
    const [a, b, more] = range!.split('-');
    if (more !== undefined || a === '' || b === '') fail(spec, whole, 'has a malformed range');
    from = value(spec, a!, whole);
    // `5/10` means 5, 15, 25 …: from the value to the field's end.
    to = b !== undefined ? value(spec, b, whole) : stepText !== undefined ? spec.max : from;
    if (to < from) fail(spec, whole, `has the range ${from}-${to}, which runs backwards`);
  }
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

function parseField(spec: FieldSpec, text: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') fail(spec, text, 'has an empty list item');
    for (const v of partValues(spec, part, text)) values.add(v);
  }
  return values;
}

/** Parses an expression; throws CronParseError naming the field at fault. */
export function parseCron(expression: string): CronSchedule {
  const source = expression.trim();
  if (source.length > MAX_CRON_LENGTH) throw new CronParseError(`A cron expression has at most ${MAX_CRON_LENGTH} characters.`);
  const parts = source.split(/\s+/).filter((p) => p !== '');
  if (parts.length !== FIELDS.length) {
    throw new CronParseError(
      `Expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length} in "${source}". Example: "*/15 9-17 * * mon-fri".`,
    );
  }
  const [minutes, hours, daysOfMonth, months, rawDaysOfWeek] = FIELDS.map((spec, i) => parseField(spec, parts[i]!));
  const daysOfWeek = new Set([...rawDaysOfWeek!].map((d) => d % 7));
  return {
    source: parts.join(' '),
    minutes: minutes!,
    hours: hours!,
    daysOfMonth: daysOfMonth!,
    months: months!,
    daysOfWeek,
    domRestricted: !parts[2]!.startsWith('*'),
    dowRestricted: !parts[4]!.startsWith('*'),
  };
}

/** The expression's problem, or undefined when it parses. */
export function cronError(expression: string): string | undefined {
  try {
    parseCron(expression);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
