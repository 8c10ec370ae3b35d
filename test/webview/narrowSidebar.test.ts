/**
 * The chat at VS Code's default sidebar width (300 px): no text the user needs is cut off. Each named text
 * either fits (it wraps) or ends in "…" with a tooltip (`title`) that holds all of it.
 */
import { describe, expect, it } from 'vitest';
import type { HostToWebview, PermissionRequest, PlanRequest } from '../../extension/protocol/messages';
import { style } from '../support/ui';
import { added, assistantMessage, busy, snapshot, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const NARROW = { width: 300, height: 700 };

async function open(...events: unknown[]): Promise<void> {
  view = await openPage({ viewport: NARROW });
  await view.send(...events);
}

/**
 * The texts of the elements matching `selector` that are cut off: their content is wider than the box that
 * shows it, or the box reaches past the page's right edge, and no tooltip holds the whole text.
 */
function cutOff(selector: string): Promise<string[]> {
  return view.page.evaluate((sel) => {
    const right = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((e) => (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > right + 1) && e.title !== e.textContent)
      .map((e) => e.textContent);
  }, selector);
}

/** How many elements match, so a check of "none is cut off" cannot pass on an empty page. */
const count = (selector: string) => view.page.locator(selector).count();

const usage: HostToWebview = {
  type: 'usage',
  usage: { inputTokens: 123_456, outputTokens: 45_678, cacheReadInputTokens: 98_765, cacheCreationInputTokens: 4_321, costUsd: 12.3456, contextFill: 0.456 },
};

describe('webview at the default sidebar width (300 px)', () => {
  it('wraps the status line and the usage line instead of cutting them off', async () => {
    const status = 'Retrying in 3 s (API overloaded; attempt 1 of 10) while the agent reads src/components/composer/Composer.tsx';
    await open(snapshot([userMessage('u1', 'go')]), busy(true), usage, { type: 'status', text: status });
    await expect.poll(() => view.page.getByTestId('status-line').innerText()).toBe(status);
    await expect.poll(() => count('.status-text, .usage-text')).toBe(2);
    await expect.poll(() => cutOff('.status-text, .usage-text')).toEqual([]);
  });

  it('shows what Enter, Ctrl+Enter and Escape do while busy in full, with both buttons', async () => {
    await open(snapshot([userMessage('u1', 'go')]), busy(true));
    await view.page.getByTestId('composer-input').fill('and then the README');
    await expect.poll(() => view.page.getByTestId('composer-hint').innerText()).toContain('Ctrl+Enter stops the running tool');
    await view.page.getByTestId('send-now-button').waitFor();
    await expect.poll(() => cutOff('.composer-hint, .composer-footer button')).toEqual([]);
  });

  it('gives a waiting plan row its full text and the slash commands their descriptions', async () => {
    const commands = [
      { name: 'compact', description: 'Summarize the conversation so far to free context, keeping what matters for the rest of the task' },
      { name: 'git:commit', argumentHint: '<message>', description: 'Stage the changed files and commit them with a message written from the diff' },
    ];
    await open(
      snapshot([userMessage('u1', 'plan it')], { commands }),
      busy(true),
      added(assistantMessage('a1', 'Here is the plan.', 'streaming')),
      toolStarted('t1', 'ExitPlanMode', { plan: '# Plan' }, null, 'Waiting for your approval'),
      toolStarted('t2', 'Read', { file_path: '/ws/src/components/composer/useComposerHandle.ts' }, 'src/components/composer/useComposerHandle.ts'),
    );
    const row = view.page.locator('section[data-tool="ExitPlanMode"]');
    await expect.poll(() => row.locator('.tool-header').innerText()).toMatch(/^Plan\s+Waiting for your approval$/);
    // The plan row fits; a row whose summary does not (a long path) ends in "…" with the whole path as its tooltip.
    await expect.poll(() => count('section[data-testid="tool"] .tool-summary')).toBe(2);
    await expect.poll(() => cutOff('section[data-testid="tool"] .tool-title, section[data-testid="tool"] .tool-summary')).toEqual([]);

    await view.page.getByTestId('composer-input').pressSequentially('/');
    await expect.poll(() => count('.completion-detail')).toBe(2);
    await expect.poll(() => view.page.locator('.completion-detail').allInnerTexts()).toEqual(commands.map((c) => c.description));
    await expect.poll(() => cutOff('.completion-item, .completion-label, .completion-detail')).toEqual([]);
  });

  it('shows the file of an edit waiting for approval, relative to the workspace, in full', async () => {
    const request: PermissionRequest = {
      requestId: 'req-1',
      toolUseId: 'toolu_1',
      toolName: 'Edit',
      title: 'Update',
      verb: 'Edit',
      summary: 'src/components/composer/useComposerHandle.ts',
      summaryTitle: '/home/dev/projects/codewright/src/components/composer/useComposerHandle.ts',
      message: 'Edit /home/dev/projects/codewright/src/components/composer/useComposerHandle.ts?',
      reason: 'permission mode "Ask before edits"',
      warnings: [],
      suggestions: [{ index: 0, label: 'Switch to Accept edits for this session' }],
      preview: {
        kind: 'diff',
        path: '/home/dev/projects/codewright/src/components/composer/useComposerHandle.ts',
        displayPath: 'src/components/composer/useComposerHandle.ts',
        created: false,
        added: 1,
        removed: 1,
        hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }],
        truncated: false,
        canOpenDiff: true,
      },
      waiting: 0,
    };
    await open(snapshot(), { type: 'permissionRequested', request });
    await expect.poll(() => view.page.getByTestId('permission-path').innerText()).toBe('src/components/composer/useComposerHandle.ts');
    await expect.poll(() => cutOff('.permission-title, .permission-summary, .permission-path, .permission-reason, .permission-option')).toEqual([]);
  });

  it('makes the "(Enter)" hint on the blue Approve button as readable as the button\'s own label', async () => {
    const plan: PlanRequest = { requestId: 'plan-1', plan: '# Plan\n\n1. Do it', suggestedMode: 'acceptEdits' };
    await open(snapshot(), { type: 'planApprovalRequested', request: plan });
    const approve = view.page.getByTestId('plan-approve-acceptEdits');
    await expect.poll(() => approve.getAttribute('class')).toBe('button-primary');
    const hint = approve.locator('.plan-hint');
    await expect.poll(() => style(hint, 'color')).toBe(await style(approve, 'color'));
    await expect.poll(() => cutOff('.plan-actions button')).toEqual([]);
  });
});
