import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangedFileView, HostToWebview } from '../../extension/protocol/messages';
import { REPO_ROOT } from './bundle';
import { assistantMessage, snapshot, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results');
const openPage = useWebviewPages();
let view: WebviewPage;

const files: ChangedFileView[] = [
  { path: '/ws/src/a.ts', added: 3, removed: 1, created: false, deleted: false, binary: false },
  { path: '/ws/src/new.ts', added: 4, removed: 0, created: true, deleted: false, binary: false },
];
const sent = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

async function openWith(...events: HostToWebview[]): Promise<void> {
  view = await openPage();
  await view.send(...events);
}

describe('webview rewind button', () => {
  it('is on every user message and not on assistant messages, and posts rewind with the message id', async () => {
    await openWith(snapshot([userMessage('u1', 'first prompt'), assistantMessage('a1', 'ok'), userMessage('u2', 'second prompt'), assistantMessage('a2', 'done')]));
    const buttons = view.page.getByTestId('rewind-button');
    await buttons.first().waitFor();
    await expect.poll(() => buttons.count()).toBe(2);
    const second = view.page.locator('[data-testid="message"][data-role="user"]').nth(1);
    await expect.poll(() => second.innerText()).toContain('second prompt');
    await expect.poll(() => second.getByTestId('rewind-button').getAttribute('title')).toMatch(/the agent and its Bash commands changed since this message \(not ignored files/);
    await second.getByTestId('rewind-button').click();
    await expect.poll(() => sent()).toEqual([{ type: 'rewind', messageId: 'u2' }]);
  });

  it('puts the prompt a rewind took back into the composer', async () => {
    await openWith(snapshot([userMessage('u1', 'first prompt')]));
    const box = view.page.getByRole('textbox');
    await box.waitFor();
    await view.send({ type: 'composerDraft', text: 'first prompt' }, snapshot([]));
    await expect.poll(() => box.inputValue()).toBe('first prompt');
    await expect.poll(() => view.page.getByTestId('rewind-button').count()).toBe(0);
  });
});

describe('webview changed-files bar', () => {
  it('is hidden while nothing changed, then shows the count and totals and lists the files', async () => {
    await openWith(snapshot([userMessage('u1', 'edit')]));
    await view.page.getByTestId('rewind-button').waitFor();
    await expect.poll(() => view.page.getByTestId('changed-files').count()).toBe(0);
    await view.send({ type: 'changedFiles', files });
    const bar = view.page.getByTestId('changed-files');
    await bar.waitFor();
    await expect.poll(() => view.page.getByTestId('changed-files-count').innerText()).toBe('2 files changed');
    await expect.poll(() => bar.innerText()).toContain('+7');
    await expect.poll(() => bar.innerText()).toContain('−1');
    await expect.poll(() => view.page.getByTestId('changed-file').count()).toBe(0);
    await bar.getByRole('button', { name: /2 files changed/ }).click();
    const rows = view.page.getByTestId('changed-file');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.nth(1).innerText()).toMatch(/new\.ts\s*new\s*\+4 −0/);
    await expect.poll(() => bar.innerText()).toContain("Bash commands' changes are included; ignored files (build output, node_modules) are not tracked.");
  });

  it('asks the host to review, and opens a file from the list', async () => {
    await openWith(snapshot([], { changedFiles: files }));
    await view.page.getByTestId('review-changes').click();
    await view.page.getByRole('button', { name: /2 files changed/ }).click();
    await view.page.getByTestId('changed-file').first().getByRole('button').click();
    await expect.poll(() => sent()).toEqual([{ type: 'reviewChanges' }, { type: 'openFile', path: '/ws/src/a.ts' }]);
  });

  it('looks right above the composer with the list open (screenshot)', async () => {
    await openWith(snapshot([userMessage('u1', 'Rename the helper and add a test.'), assistantMessage('a1', 'Done: renamed it and added `walk.test.ts`.')], { changedFiles: files }));
    await view.page.getByRole('button', { name: /2 files changed/ }).click();
    await view.page.locator('[data-testid="message"][data-role="user"]').hover();
    const file = path.join(SCREENSHOTS, 'webview-changed-files.png');
    mkdirSync(SCREENSHOTS, { recursive: true });
    const png = await view.page.screenshot({ path: file, animations: 'disabled' });
    expect(png.byteLength).toBeGreaterThan(5_000);
  });

  it('goes away when the host reports no changed files (after a rewind)', async () => {
    await openWith(snapshot([], { changedFiles: files }));
    await view.page.getByTestId('changed-files').waitFor();
    await view.send({ type: 'changedFiles', files: [] });
    await view.page.getByTestId('changed-files').waitFor({ state: 'detached' });
  });
});
