/**
 * The plan approval card and ExitPlanMode's tool row (docs/ARCHITECTURE.md, Plan mode): the plan as safe
 * markdown, approving by Enter or by button in a mode, keeping planning with feedback, closing on resolve,
 * theme colours, and the header's "Plan" mode.
 */
import { describe, expect, it } from 'vitest';
import type { HostToWebview, PlanRequest, ToolResultView } from '../../extension/protocol/messages';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { OpenOptions, WebviewPage } from './harness';
import { useWebviewPages } from './pages';
import { style, themeColour } from '../support/ui';

const openPage = useWebviewPages();
let view: WebviewPage;

const PLAN = '# Add caching\n\n1. Wrap `fetchUser` in a cache\n2. Test the expiry\n\n<img src=x onerror="window.pwned=1">';
const request = (extra: Partial<PlanRequest> = {}): PlanRequest => ({ requestId: 'plan-1', plan: PLAN, suggestedMode: 'acceptEdits', ...extra });
const requested = (r: PlanRequest): HostToWebview => ({ type: 'planApprovalRequested', request: r });
const card = () => view.page.getByTestId('plan-card');
const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type === 'answerPlan');
const focusedTestId = () => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function openWith(events: HostToWebview[], options?: OpenOptions): Promise<void> {
  view = await openPage(options);
  await view.send(snapshot(), ...events);
}

describe('webview plan card', () => {
  it('shows the plan as markdown, raw HTML as text, in a focused dialog with the suggested mode first in line', async () => {
    await openWith([requested(request())]);
    await expect.poll(() => card().getAttribute('role')).toBe('dialog');
    await expect.poll(() => focusedTestId()).toBe('plan-card');
    const body = view.page.getByTestId('plan-card-body');
    await expect.poll(() => body.locator('h1').innerText()).toBe('Add caching');
    await expect.poll(() => body.locator('ol li').count()).toBe(2);
    await expect.poll(() => body.locator('code').first().innerText()).toBe('fetchUser');
    await expect.poll(() => body.locator('img').count()).toBe(0);
    await expect.poll(() => body.innerText()).toContain('<img src=x onerror="window.pwned=1">');
    await expect.poll(() => view.page.evaluate(() => (window as { pwned?: number }).pwned ?? null)).toBeNull();
    await expect.poll(() => view.page.getByTestId('plan-approve-acceptEdits').getAttribute('class')).toBe('button-primary');
    await expect.poll(() => view.page.getByTestId('plan-approve-default').innerText()).toBe('Approve · Ask before edits');
  });

  it('approves in the suggested mode with Enter, once', async () => {
    await openWith([requested(request())]);
    await expect.poll(() => focusedTestId()).toBe('plan-card');
    await view.page.keyboard.press('Enter');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => answers()).toEqual([{ type: 'answerPlan', requestId: 'plan-1', decision: 'approve', mode: 'acceptEdits' }]);
  });

  it('approves in the mode of the button clicked', async () => {
    await openWith([requested(request())]);
    await view.page.getByTestId('plan-approve-default').click();
    await expect.poll(() => answers()).toEqual([{ type: 'answerPlan', requestId: 'plan-1', decision: 'approve', mode: 'default' }]);
  });

  it('sends the plan back with the feedback typed: Shift+Enter breaks the line, Enter sends', async () => {
    await openWith([requested(request())]);
    const input = view.page.getByTestId('plan-feedback-input');
    await input.click();
    await input.pressSequentially('Keep the old cache');
    await input.press('Shift+Enter');
    await input.pressSequentially('and add a test');
    await expect.poll(() => answers()).toEqual([]);
    await input.press('Enter');
    await expect.poll(() => answers()).toEqual([
      { type: 'answerPlan', requestId: 'plan-1', decision: 'keepPlanning', feedback: 'Keep the old cache\nand add a test' },
    ]);
  });

  it('keeps planning by button, and by Escape with no feedback', async () => {
    await openWith([requested(request())]);
    await view.page.getByTestId('plan-feedback-input').fill('Smaller steps');
    await view.page.getByTestId('plan-keep-planning').click();
    await expect.poll(() => answers()).toEqual([{ type: 'answerPlan', requestId: 'plan-1', decision: 'keepPlanning', feedback: 'Smaller steps' }]);
    await view.send(requested(request({ requestId: 'plan-2' })));
    await expect.poll(() => focusedTestId()).toBe('plan-card');
    await view.page.keyboard.press('Escape');
    await expect.poll(async () => (await answers()).at(-1)).toEqual({ type: 'answerPlan', requestId: 'plan-2', decision: 'keepPlanning', feedback: '' });
  });

  it('comes back from the snapshot, names its plan file, and closes when its request resolves', async () => {
    view = await openPage();
    await view.send(snapshot([], { pendingPlan: request({ planFilePath: '/store/s1/plan.md' }) }));
    await expect.poll(() => view.page.getByTestId('plan-file').innerText()).toBe('From /store/s1/plan.md');
    await view.send({ type: 'planApprovalResolved', requestId: 'other' });
    await expect.poll(() => card().count()).toBe(1);
    await view.send({ type: 'planApprovalResolved', requestId: 'plan-1' });
    await expect.poll(() => card().count()).toBe(0);
    await expect.poll(() => focusedTestId()).toBe('composer-input');
  });

  for (const [theme, colour] of [
    ['dark', 'rgb(0, 120, 212)'],
    ['light', 'rgb(0, 95, 184)'],
  ] as const) {
    it(`takes its colours from the ${theme} theme`, async () => {
      await openWith([requested(request())], { theme });
      await expect.poll(() => style(view.page.getByTestId('plan-approve-acceptEdits'), 'backgroundColor')).toBe(colour);
      const input = view.page.getByTestId('plan-feedback-input');
      await expect.poll(() => style(input, 'backgroundColor')).toBe(await themeColour(view.page, '--vscode-input-background', 'backgroundColor'));
    });
  }
});

describe('webview plan mode rows and header', () => {
  const APPROVED: ToolResultView = {
    isError: false,
    text: 'The user approved your plan; …',
    truncated: false,
    data: { kind: 'plan', plan: '## Steps\n\n- one', outcome: 'approved', mode: 'acceptEdits' },
  };
  const RETURNED: ToolResultView = {
    isError: false,
    text: 'The user did not approve the plan yet …',
    truncated: false,
    data: { kind: 'plan', plan: '## Steps', outcome: 'keepPlanning', feedback: 'Split it up' },
  };

  async function rows(...events: HostToWebview[]) {
    view = await openPage();
    await view.send(snapshot([userMessage('u1', 'plan it')]), busy(true), added(assistantMessage('a1', 'Planning.', 'streaming')), ...events);
  }
  const header = (i: number) => view.page.locator('section[data-testid="tool"]').nth(i).locator('.tool-header');

  it('titles the rows by outcome and shows the plan and the feedback when expanded', async () => {
    await rows(
      toolStarted('t1', 'EnterPlanMode', {}),
      toolResult('t1', { isError: false, text: 'Plan mode is on (it was default).', truncated: false }),
      toolStarted('t2', 'ExitPlanMode', { plan: '## Steps\n\n- one' }),
      toolResult('t2', APPROVED),
      toolStarted('t3', 'ExitPlanMode', { plan: '## Steps' }),
      toolResult('t3', RETURNED),
    );
    await expect.poll(() => header(0).innerText()).toContain('Entered plan mode');
    await expect.poll(() => header(1).innerText()).toContain('Plan approved');
    await expect.poll(() => header(2).innerText()).toContain('Plan sent back');
    await header(1).click();
    await expect.poll(() => view.page.getByTestId('plan-outcome').first().innerText()).toBe('Approved · continuing in Accept edits');
    await expect.poll(() => view.page.getByTestId('plan-result').first().locator('h2').innerText()).toBe('Steps');
    await header(2).click();
    await expect.poll(() => view.page.getByTestId('plan-feedback').innerText()).toBe('Split it up');
  });

  it('shows the mode the model switched to as "Plan" in the header', async () => {
    view = await openPage();
    await view.send(snapshot(), { type: 'permissionModeChanged', mode: 'plan' });
    const select = view.page.getByTestId('mode-select');
    await expect.poll(() => select.inputValue()).toBe('plan');
    await expect.poll(() => select.locator('option:checked').innerText()).toBe('Plan');
  });
});
