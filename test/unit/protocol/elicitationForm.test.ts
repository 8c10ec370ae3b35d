import { describe, expect, it } from 'vitest';
import { ElicitationSchemaSchema, parseHostToWebview, parseWebviewToHost, type ElicitationSchema } from '../../../extension/protocol/messages';
import { contentProblem, elicitationFields, formContent, initialInputs, valueProblem, type ElicitationField } from '../../../extension/protocol/elicitationForm';
import { BOOKING_SCHEMA } from '../../fixtures/mcp/bookingSchema';

const booking = (): ElicitationSchema => ElicitationSchemaSchema.parse(BOOKING_SCHEMA);
const field = (name: string): ElicitationField => elicitationFields(booking()).find((f) => f.name === name)!;

/** The booking form's inputs with the required fields filled in. */
function filled(more: Record<string, string | boolean | string[]> = {}) {
  return { ...initialInputs(elicitationFields(booking())), email: 'ada@example.com', ...more };
}

describe('protocol/elicitationForm', () => {
  it('turns every property kind into a field, in the order the server listed them', () => {
    expect(elicitationFields(booking()).map((f) => [f.name, f.kind, f.label, f.required])).toEqual([
      ['name', 'text', 'Your name', true],
      ['email', 'text', 'Email', true],
      ['website', 'text', 'website', false],
      ['day', 'text', 'Day', false],
      ['arrival', 'text', 'Arrival', false],
      ['guests', 'number', 'Guests', true],
      ['budget', 'number', 'Budget', false],
      ['outside', 'boolean', 'Sit outside', false],
      ['seating', 'select', 'Seating', true],
      ['size', 'select', 'Size', false],
      ['extras', 'multiselect', 'Extras', false],
      ['diet', 'multiselect', 'Diet', false],
    ]);
    expect(field('name')).toMatchObject({ description: 'As on the booking.', minLength: 2, maxLength: 40 });
    expect(field('guests')).toMatchObject({ integer: true, minimum: 1, maximum: 12 });
    expect(field('budget')).toMatchObject({ integer: false, minimum: 0 });
  });

  it('reads both enum styles and both multi-select styles as value/label choices', () => {
    expect(field('seating')).toMatchObject({ choices: [{ value: 'bar', label: 'At the bar' }, { value: 'table', label: 'At a table' }] });
    expect(field('size')).toMatchObject({ choices: [{ value: 's', label: 'Small' }, { value: 'm', label: 'Medium' }, { value: 'l', label: 'Large' }] });
    expect(field('extras')).toMatchObject({ choices: [{ value: 'cake', label: 'Birthday cake' }, { value: 'flowers', label: 'Flowers' }] });
    expect(field('diet')).toMatchObject({ choices: [{ value: 'vegan', label: 'vegan' }, { value: 'gluten-free', label: 'gluten-free' }], maxItems: 2 });
    // An enum without enumNames shows its values.
    const plain = ElicitationSchemaSchema.parse({ type: 'object', properties: { tone: { type: 'string', enum: ['dry', 'warm'] } } });
    expect(elicitationFields(plain)[0]).toMatchObject({ kind: 'select', choices: [{ value: 'dry', label: 'dry' }, { value: 'warm', label: 'warm' }] });
  });

  it('prefills each field with its default (SEP-1034), and leaves the rest empty', () => {
    expect(initialInputs(elicitationFields(booking()))).toEqual({
      name: 'Ada',
      email: '',
      website: '',
      day: '2025-06-18',
      arrival: '',
      guests: '2',
      budget: '',
      outside: true,
      seating: 'table',
      size: '',
      extras: ['flowers'],
      diet: [],
    });
  });

  it('leaves out a default that is not one of the choices', () => {
    const schema = ElicitationSchemaSchema.parse({
      type: 'object',
      properties: { a: { type: 'string', enum: ['x', 'y'], default: 'z' }, b: { type: 'array', items: { enum: ['x', 'y'] }, default: ['y', 'z', 'y'] } },
    });
    expect(initialInputs(elicitationFields(schema))).toEqual({ a: '', b: ['y'] });
  });

  it('makes the content of a valid form: typed values, empty optional fields left out, the checkbox always sent', () => {
    expect(formContent(elicitationFields(booking()), filled({ budget: ' 80.5 ', diet: ['vegan'] }))).toEqual({
      ok: true,
      content: { name: 'Ada', email: 'ada@example.com', day: '2025-06-18', guests: 2, budget: 80.5, outside: true, seating: 'table', extras: ['flowers'], diet: ['vegan'] },
    });
  });

  it('says what is wrong with each field: required, type, bounds, format, choices', () => {
    const outcome = formContent(
      elicitationFields(booking()),
      filled({ name: 'A', email: 'ada', website: 'not a url', day: '2025-02-30', arrival: '2025-06-18T19:00', guests: '2.5', budget: 'lots', seating: '' }),
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        name: 'Use at least 2 characters.',
        email: 'Enter an email address, like name@example.com.',
        website: 'Enter a URL, like https://example.com/page.',
        day: 'Enter a date as YYYY-MM-DD.',
        arrival: 'Enter a date and time as YYYY-MM-DDTHH:MM:SSZ, or with an offset such as +02:00.',
        guests: 'Enter a whole number.',
        budget: 'Enter a number.',
        seating: 'Choose one.',
      },
    });
    const more = formContent(elicitationFields(booking()), filled({ name: '   ', guests: '13', budget: '-1', diet: ['vegan', 'gluten-free', 'vegan'] }));
    expect(more).toEqual({ ok: false, errors: { name: 'Fill this in.', guests: 'Must be at most 12.', budget: 'Must be at least 0.', diet: 'Choose each option once.' } });
  });

  it('accepts the formats as servers validate them', () => {
    const text = (format: 'email' | 'uri' | 'date' | 'date-time') => ({ kind: 'text', name: 'x', label: 'x', required: false, format }) as const;
    expect(valueProblem(text('date-time'), '2025-06-18T19:30:00Z')).toBeUndefined();
    expect(valueProblem(text('date-time'), '2025-06-18T19:30:00.250+02:00')).toBeUndefined();
    expect(valueProblem(text('date-time'), '2025-06-18T25:30:00Z')).toMatch(/date and time/);
    expect(valueProblem(text('date'), '2024-02-29')).toBeUndefined();
    expect(valueProblem(text('date'), '2025-13-01')).toMatch(/YYYY-MM-DD/);
    expect(valueProblem(text('uri'), 'mailto:ada@example.com')).toBeUndefined();
    expect(valueProblem(text('uri'), 'example.com')).toMatch(/URL/);
    expect(valueProblem(text('email'), 'ada@example.com')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units, for the length bounds', () => {
    const f = { kind: 'text', name: 'x', label: 'x', required: false, maxLength: 2 } as const;
    expect(valueProblem(f, '😀😀')).toBeUndefined();
    expect(valueProblem(f, '😀😀😀')).toBe('Use at most 2 characters.');
  });

  it('checks content sent back: unknown keys, missing required values, wrong types, values outside the choices', () => {
    const fields = elicitationFields(booking());
    const ok = { name: 'Ada', email: 'ada@example.com', guests: 3, seating: 'bar' };
    expect(contentProblem(fields, ok)).toBeUndefined();
    expect(contentProblem(fields, { ...ok, admin: true })).toBe('"admin" is not a field of the form.');
    expect(contentProblem(fields, { name: 'Ada', guests: 3, seating: 'bar' })).toBe('"email": is required.');
    expect(contentProblem(fields, { ...ok, guests: '3' })).toBe('"guests": Enter a number.');
    expect(contentProblem(fields, { ...ok, seating: 'floor' })).toBe('"seating": Choose one of the options.');
    expect(contentProblem(fields, { ...ok, outside: 'yes' })).toBe('"outside": Must be true or false.');
    expect(contentProblem(fields, { ...ok, extras: ['cake', 'balloons'] })).toBe('"extras": Choose among the options.');
  });

  it('refuses schemas outside the spec: nested objects, arrays without choices, a non-object root', () => {
    expect(ElicitationSchemaSchema.safeParse({ type: 'object', properties: { a: { type: 'object', properties: {} } } }).success).toBe(false);
    expect(ElicitationSchemaSchema.safeParse({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }).success).toBe(false);
    expect(ElicitationSchemaSchema.safeParse({ type: 'string' }).success).toBe(false);
    // Keys the card does not use ($schema, additionalProperties) are dropped, not refused.
    expect(ElicitationSchemaSchema.parse({ type: 'object', $schema: 'x', additionalProperties: false, properties: {} })).toEqual({ type: 'object', properties: {} });
  });

  it('carries the request, the snapshot field and the answer over the protocol', () => {
    const request = { requestId: 'e-1', server: 'booking', message: 'Who?', mode: 'form' as const, schema: booking() };
    expect(parseHostToWebview({ type: 'elicitationRequested', request }).ok).toBe(true);
    expect(parseHostToWebview({ type: 'elicitationResolved', requestId: 'e-1' }).ok).toBe(true);
    expect(parseHostToWebview({ type: 'elicitationRequested', request: { ...request, mode: 'url', url: 'https://x.test' } }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { name: 'Ada', guests: 2, outside: true, extras: ['cake'] } }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'answerElicitation', requestId: 'e-1', action: 'maybe' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { nested: { a: 1 } } }).ok).toBe(false);
  });
});
