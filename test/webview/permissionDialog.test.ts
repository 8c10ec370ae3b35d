import { describe, expect, it } from 'vitest';
import type { HostToWebview, PermissionRequest } from '../../extension/protocol/messages';
import { bashPermission, snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const editRequest: PermissionRequest = {
  requestId: 'req-2',
  toolUseId: 'toolu_2',
  toolName: 'Edit',
  title: 'Update',
  summary: 'src/a.ts',
  message: 'Edit wants to change src/a.ts',
  warnings: [],
  suggestions: [{ index: 0, label: 'Switch to accept edits for this session' }],
  preview: {
    kind: 'diff',
    path: '/ws/src/a.ts',
    created: false,
    added: 1,
    removed: 1,
    hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' const a = 1;', '-const b = 2;', '+const b = 3;'] }],
    truncated: false,
    canOpenDiff: true,
  },
  waiting: 0,
};

const requested = (request: PermissionRequest): HostToWebview => ({ type: 'permissionRequested', request });
const dialog = () => view.page.getByTestId('permission-dialog');
const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');
const focusedTestId = () => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function openWith(...events: HostToWebview[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot(), ...events);
}

describe('webview permission dialog', () => {
  it('shows a Bash command with its description, warnings and the reason it asks', async () => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await expect.poll(() => dialog().getAttribute('role')).toBe('dialog');
    await expect.poll(() => dialog().getAttribute('aria-labelledby')).toBeTruthy();
    const label = async () => view.page.locator(`[id="${(await dialog().getAttribute('aria-labelledby')) ?? ''}"]`).innerText();
    await expect.poll(label).toContain('Bash');
    await expect.poll(() => view.page.getByTestId('permission-command').innerText()).toBe('npm run test:unit > /etc/out');
    await expect.poll(() => dialog().innerText()).toContain('Run the unit tests');
    await expect.poll(() => view.page.getByTestId('permission-warnings').innerText()).toContain('writes outside the workspace');
    await expect.poll(() => view.page.getByTestId('permission-reason').innerText()).toBe('Asking because rule Bash(npm:*) in .claude/settings.json asks');
    await expect.poll(() => view.page.getByTestId('permission-suggestion').innerText()).toContain('Always allow Bash(npm run test:*) in this project');
    await expect.poll(() => focusedTestId()).toBe('permission-dialog');
  });

  it('previews an Edit as a diff and asks the host to open the diff editor', async () => {
    await openWith(requested(editRequest));
    await dialog().waitFor();
    const lines = () => dialog().locator('.diff-line').evaluateAll((els) => els.map((e) => [e.getAttribute('data-kind'), e.querySelector('.diff-text')?.textContent]));
    await expect.poll(lines).toEqual([
      ['context', 'const a = 1;'],
      ['removed', 'const b = 2;'],
      ['added', 'const b = 3;'],
    ]);
    await view.page.getByTestId('permission-open-diff').click();
    await expect.poll(() => answers()).toEqual([{ type: 'openProposedDiff', requestId: 'req-2' }]);
  });

  it.each([
    ['1', { choice: 'allowOnce' }],
    ['2', { choice: 'suggestion', suggestionIndex: 0 }],
    ['3', { choice: 'deny' }],
    ['Escape', { choice: 'deny' }],
  ])('answers with key %s', async (key, expected) => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await view.page.keyboard.press(key);
    await view.page.keyboard.press(key);
    // One answer only, even when the key is pressed twice.
    await expect.poll(() => answers()).toEqual([{ type: 'answerPermission', requestId: 'req-1', ...expected }]);
  });

  it('denies with feedback typed after Tab, and digits typed there are text, not answers', async () => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await view.page.keyboard.press('Tab');
    await expect.poll(() => focusedTestId()).toBe('permission-feedback');
    await view.page.keyboard.type('use pnpm 1 2 3 instead');
    await expect.poll(() => answers()).toEqual([]);
    await view.page.keyboard.press('Enter');
    await expect.poll(() => answers()).toEqual([{ type: 'answerPermission', requestId: 'req-1', choice: 'deny', feedback: 'use pnpm 1 2 3 instead' }]);
  });

  it('allows with a note typed after Tab: Ctrl+Enter there sends it with the allow', async () => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await view.page.keyboard.press('Tab');
    await expect.poll(() => focusedTestId()).toBe('permission-feedback');
    await view.page.keyboard.type(' and run lint after ');
    await view.page.keyboard.press('Control+Enter');
    await expect.poll(() => answers()).toEqual([{ type: 'answerPermission', requestId: 'req-1', choice: 'allowOnce', feedback: 'and run lint after' }]);
  });

  it('sends the typed note with an accepted suggestion too', async () => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await view.page.getByTestId('permission-feedback').fill('only for this task');
    await view.page.getByTestId('permission-suggestion').click();
    await expect.poll(() => answers()).toEqual([{ type: 'answerPermission', requestId: 'req-1', choice: 'suggestion', suggestionIndex: 0, feedback: 'only for this task' }]);
  });

  it('closes on permissionResolved and gives focus back to the composer', async () => {
    await openWith(requested(bashPermission()));
    await dialog().waitFor();
    await view.page.keyboard.press('1');
    await view.send({ type: 'permissionResolved', requestId: 'req-1' });
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId()).toBe('composer-input');
  });

  it('shows how many requests wait and moves on to the next one, unanswered', async () => {
    await openWith(requested(bashPermission({ waiting: 1 })));
    await dialog().waitFor();
    await expect.poll(() => view.page.getByTestId('permission-waiting').innerText()).toBe('1 more waiting');
    await view.send({ type: 'permissionWaiting', requestId: 'req-1', waiting: 2 });
    await expect.poll(() => view.page.getByTestId('permission-waiting').innerText()).toBe('2 more waiting');
    await view.page.keyboard.press('1');
    await view.send({ type: 'permissionResolved', requestId: 'req-1' }, requested(editRequest));
    await view.page.getByTestId('permission-open-diff').waitFor();
    await expect.poll(() => view.page.getByTestId('permission-waiting').count()).toBe(0);
    await expect.poll(() => focusedTestId()).toBe('permission-dialog');
    await view.page.keyboard.press('3');
    await expect.poll(() => answers()).toEqual([
      { type: 'answerPermission', requestId: 'req-1', choice: 'allowOnce' },
      { type: 'answerPermission', requestId: 'req-2', choice: 'deny' },
    ]);
  });

  it('restores a pending request from the snapshot after a reload', async () => {
    view = await openPage();
    await view.send(snapshot([], { pendingPermission: bashPermission() }));
    await dialog().waitFor();
    await expect.poll(() => view.page.getByTestId('permission-command').innerText()).toBe('npm run test:unit > /etc/out');
  });
});

describe('webview permission dialog wording', () => {
  const worded: PermissionRequest = {
    ...editRequest,
    verb: 'Edit',
    summary: 'src/a.ts',
    summaryTitle: '/ws/src/a.ts',
    message: 'Edit /ws/src/a.ts?',
    reason: 'permission mode "Ask before edits"',
    suggestions: [{ index: 0, label: 'Switch to Accept edits for this session' }],
    preview: { ...editRequest.preview, kind: 'diff', path: '/ws/src/a.ts', displayPath: 'src/a.ts' } as PermissionRequest['preview'],
  };

  it('asks in the user\'s terms: the tool\'s verb, the file relative to the workspace (full path on hover), the mode as the header names it', async () => {
    await openWith(requested(worded));
    await expect.poll(() => view.page.getByTestId('permission-title').innerText()).toBe('Edit src/a.ts?');
    await expect.poll(() => view.page.getByTestId('permission-summary').getAttribute('title')).toBe('/ws/src/a.ts');
    await expect.poll(() => view.page.getByTestId('permission-path').innerText()).toBe('src/a.ts');
    await expect.poll(() => view.page.getByTestId('permission-path').getAttribute('title')).toBe('/ws/src/a.ts');
    await expect.poll(() => view.page.getByTestId('permission-reason').innerText()).toBe('Asking because permission mode "Ask before edits"');
    await expect.poll(() => view.page.getByTestId('permission-suggestion').innerText()).toContain('Switch to Accept edits for this session');
    // Neither the code's name for the change nor its restatement with the absolute path.
    await expect.poll(() => dialog().innerText()).not.toMatch(/Allow Update|Edit \/ws\/src\/a\.ts\?/);
  });

  it('keeps "Allow <tool>: <summary>?" for a tool without a verb', async () => {
    await openWith(requested({ ...bashPermission(), toolName: 'mcp__github__search', title: 'github · search', summary: 'is:open' }));
    await expect.poll(() => view.page.getByTestId('permission-title').innerText()).toBe('Allow github · search: is:open?');
  });
});
