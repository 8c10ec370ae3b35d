import { describe, expect, it } from 'vitest';
import { ElicitationSchemaSchema, type ElicitationRequest, type HostToWebview } from '../../extension/protocol/messages';
import { BOOKING_SCHEMA } from '../fixtures/mcp/bookingSchema';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const form = (requestId = 'e-1', message = 'Who is coming, and when?'): Extract<ElicitationRequest, { mode: 'form' }> => ({ requestId, server: 'booking', message, mode: 'form', schema: ElicitationSchemaSchema.parse(BOOKING_SCHEMA) });
const requested = (request: ElicitationRequest): HostToWebview => ({ type: 'elicitationRequested', request });
const card = () => view.page.getByTestId('elicitation-card');
const row = (name: string) => view.page.locator(`[data-testid="elicitation-field"][data-name="${name}"]`);
const input = (name: string) => row(name).getByTestId('elicitation-input');
const choice = (name: string, value: string) => row(name).locator(`[data-testid="elicitation-choice"][data-value="${value}"] input`);
const error = (name: string) => row(name).getByTestId('elicitation-error');
const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type === 'answerElicitation');
const focusedName = () => view.page.evaluate(() => document.activeElement?.closest('[data-name]')?.getAttribute('data-name') ?? document.activeElement?.getAttribute('data-testid') ?? null);

async function openWith(...events: HostToWebview[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot(), ...events);
}

/** The required field the booking form has no default for. */
async function fillEmail(): Promise<void> {
  await input('email').fill('ada@example.com');
}

describe('webview MCP elicitation card', () => {
  it("shows the server's name and message, and every field type with its default, focus in the first field", async () => {
    await openWith(requested(form()));
    await card().waitFor();
    await expect.poll(() => card().getAttribute('role')).toBe('dialog');
    await expect.poll(() => card().locator('.elicitation-title').innerText()).toBe('The MCP server booking asks for input');
    await expect.poll(() => view.page.getByTestId('elicitation-message').innerText()).toBe('Who is coming, and when?');
    const fields = view.page.getByTestId('elicitation-field');
    await expect.poll(() => fields.evaluateAll((els) => els.map((e) => [e.getAttribute('data-name'), e.getAttribute('data-kind')]))).toEqual([
      ['name', 'text'],
      ['email', 'text'],
      ['website', 'text'],
      ['day', 'text'],
      ['arrival', 'text'],
      ['guests', 'number'],
      ['budget', 'number'],
      ['outside', 'boolean'],
      ['seating', 'select'],
      ['size', 'select'],
      ['extras', 'multiselect'],
      ['diet', 'multiselect'],
    ]);
    await expect.poll(() => row('name').innerText()).toContain('Your name *');
    await expect.poll(() => row('name').innerText()).toContain('As on the booking.');
    // Defaults (SEP-1034) are filled in.
    await expect.poll(() => input('name').inputValue()).toBe('Ada');
    await expect.poll(() => input('day').inputValue()).toBe('2025-06-18');
    await expect.poll(() => input('day').getAttribute('type')).toBe('date');
    await expect.poll(() => input('email').getAttribute('type')).toBe('email');
    await expect.poll(() => input('guests').inputValue()).toBe('2');
    await expect.poll(() => input('outside').isChecked()).toBe(true);
    await expect.poll(() => input('seating').inputValue()).toBe('table');
    await expect.poll(() => input('size').inputValue()).toBe('');
    await expect.poll(() => choice('extras', 'flowers').isChecked()).toBe(true);
    await expect.poll(() => choice('extras', 'cake').isChecked()).toBe(false);
    // Both enum styles show their titles.
    await expect.poll(() => input('seating').locator('option').allInnerTexts()).toEqual(['Choose…', 'At the bar', 'At a table']);
    await expect.poll(() => input('size').locator('option').allInnerTexts()).toEqual(['(none)', 'Small', 'Medium', 'Large']);
    await expect.poll(() => row('extras').innerText()).toContain('Birthday cake');
    await expect.poll(() => focusedName()).toBe('name');
  });

  it('shows what is wrong beside each field on Accept, sends nothing, and clears a message once the field is right', async () => {
    await openWith(requested(form()));
    await card().waitFor();
    await input('name').fill('A');
    await input('guests').fill('20');
    await input('website').fill('not a url');
    await view.page.getByTestId('elicitation-accept').click();
    await expect.poll(() => error('name').innerText()).toBe('Use at least 2 characters.');
    await expect.poll(() => error('email').innerText()).toBe('Fill this in.');
    await expect.poll(() => error('guests').innerText()).toBe('Must be at most 12.');
    await expect.poll(() => error('website').innerText()).toBe('Enter a URL, like https://example.com/page.');
    await expect.poll(() => input('guests').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => view.page.getByTestId('elicitation-error').count()).toBe(4);
    // Focus goes to the first field that is not right.
    await expect.poll(() => focusedName()).toBe('name');
    await input('name').fill('Ada');
    await expect.poll(() => error('name').count()).toBe(0);
    await expect.poll(() => answers()).toEqual([]);
  });

  it('sends the typed content on Enter: numbers as numbers, the checkbox, the choices', async () => {
    await openWith(requested(form()));
    await card().waitFor();
    await fillEmail();
    await input('guests').fill('4');
    await input('budget').fill('12.5');
    await input('arrival').fill('2025-06-18T19:30:00Z');
    await input('outside').uncheck();
    await input('seating').selectOption('bar');
    await input('size').selectOption('l');
    await choice('extras', 'cake').check();
    await choice('extras', 'flowers').uncheck();
    await choice('diet', 'gluten-free').check();
    await input('email').press('Enter');
    await expect.poll(() => answers()).toEqual([
      {
        type: 'answerElicitation',
        requestId: 'e-1',
        action: 'accept',
        content: { name: 'Ada', email: 'ada@example.com', day: '2025-06-18', arrival: '2025-06-18T19:30:00Z', guests: 4, budget: 12.5, outside: false, seating: 'bar', size: 'l', extras: ['cake'], diet: ['gluten-free'] },
      },
    ]);
  });

  it('accepts the defaults as they are with the Accept button', async () => {
    await openWith(requested(form()));
    await card().waitFor();
    await fillEmail();
    await view.page.getByTestId('elicitation-accept').click();
    await view.page.getByTestId('elicitation-accept').click();
    await expect.poll(() => answers()).toEqual([
      { type: 'answerElicitation', requestId: 'e-1', action: 'accept', content: { name: 'Ada', email: 'ada@example.com', day: '2025-06-18', guests: 2, outside: true, seating: 'table', extras: ['flowers'] } },
    ]);
  });

  it.each([
    ['cancel', 'Escape in a field', () => input('guests').press('Escape')],
    ['cancel', 'the Cancel button', () => view.page.getByTestId('elicitation-cancel').click()],
    ['decline', 'the Decline button', () => view.page.getByTestId('elicitation-decline').click()],
  ])('answers %s with %s, without content', async (action, _how, act) => {
    await openWith(requested(form()));
    await card().waitFor();
    await act();
    await expect.poll(() => answers()).toEqual([{ type: 'answerElicitation', requestId: 'e-1', action }]);
  });

  it('closes on elicitationResolved and gives focus back to the composer', async () => {
    await openWith(requested(form()));
    await card().waitFor();
    await view.send({ type: 'elicitationResolved', requestId: 'e-1' });
    await card().waitFor({ state: 'detached' });
    await expect.poll(() => focusedName()).toBe('composer-input');
  });

  it('comes back from the snapshot of a reloaded view', async () => {
    view = await openPage();
    await view.send(snapshot([], { pendingElicitation: form('e-7') }));
    await card().waitFor();
    await view.page.keyboard.press('Escape');
    await expect.poll(() => answers()).toEqual([{ type: 'answerElicitation', requestId: 'e-7', action: 'cancel' }]);
  });

  it('shows the page of a URL-mode request and opens it only on Open', async () => {
    await openWith(requested({ requestId: 'e-2', server: 'pay', message: 'Finish the payment in your browser.', mode: 'url', url: 'https://pay.test/checkout?id=1' }));
    await card().waitFor();
    await expect.poll(() => card().locator('.elicitation-title').innerText()).toBe('The MCP server pay asks you to open a page');
    await expect.poll(() => view.page.getByTestId('elicitation-url').innerText()).toBe('https://pay.test/checkout?id=1');
    await expect.poll(() => focusedName()).toBe('elicitation-card');
    await view.page.getByTestId('elicitation-accept').click();
    await expect.poll(() => answers()).toEqual([{ type: 'answerElicitation', requestId: 'e-2', action: 'accept' }]);
  });

  it("renders the server's message and titles as text, never as markup", async () => {
    const hostile = form('e-3', '<img src=x onerror="window.__pwned=1"> **bold**');
    const schema = { ...hostile.schema, properties: { ...hostile.schema.properties, name: { type: 'string' as const, title: '<b>Name</b>' } } };
    await openWith(requested({ ...hostile, schema }));
    await card().waitFor();
    await expect.poll(() => view.page.getByTestId('elicitation-message').innerText()).toBe('<img src=x onerror="window.__pwned=1"> **bold**');
    await expect.poll(() => row('name').locator('label').first().innerText()).toBe('<b>Name</b> *');
    await expect.poll(() => card().locator('b, img').count()).toBe(0);
  });
});
