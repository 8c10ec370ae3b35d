import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SnapshotChangeView, ToolResultView } from '../../extension/protocol/messages';
import { REPO_ROOT } from './bundle';
import { snapshot, toolEntry, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';
import { laidOut, style, themeColour } from '../support/ui';

const openPage = useWebviewPages();
let view: WebviewPage;

const OID = '0123456789abcdef0123456789abcdef01234567';
const OID_DELETED = 'fedcba9876543210fedcba9876543210fedcba98';
const THREE: SnapshotChangeView[] = [
  { path: '/ws/src/util/format.ts', change: 'modified', before: OID },
  { path: '/ws/src/generated.ts', change: 'created' },
  { path: '/ws/old/legacy.js', change: 'deleted', before: OID_DELETED },
];

const row = () => view.page.locator('section[data-testid="tool"]').first();
const files = () => row().getByTestId('bash-changed-file');
const toggle = () => row().getByTestId('bash-changes-toggle');
const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

function bashResult(extra: { changedFiles?: SnapshotChangeView[]; snapshotNote?: string }): ToolResultView {
  return { isError: false, text: 'done', truncated: false, data: { kind: 'bash', command: 'npm run gen', output: 'done', exitCode: 0, ...extra } };
}

/** A chat holding one finished Bash row, left collapsed: what the command changed shows without opening it. */
async function openBashRow(result: ToolResultView, options: Parameters<typeof openPage>[0] = {}): Promise<void> {
  view = await openPage(options);
  await view.send(snapshot([userMessage('u1', 'generate'), toolEntry('t1', 'Bash', { command: 'npm run gen' }, result, 'npm run gen')]));
  await laidOut(view.page);
}

describe('webview Bash row changed files', () => {
  it('lists the files a command changed on the collapsed row, open, with their folders and tags', async () => {
    await openBashRow(bashResult({ changedFiles: THREE }));
    await expect.poll(() => toggle().innerText()).toBe('changed 3 files');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => files().count()).toBe(3);
    await expect.poll(() => files().nth(0).innerText()).toMatch(/^format\.ts\s+src\/util\s+diff$/);
    await expect.poll(() => files().nth(1).innerText()).toMatch(/^generated\.ts\s+ws\/src\s+new\s+diff$/);
    await expect.poll(() => files().nth(2).innerText()).toMatch(/^legacy\.js\s+ws\/old\s+deleted\s+diff$/);
    await expect.poll(() => files().nth(0).locator('[title]').first().getAttribute('title')).toBe('/ws/src/util/format.ts');
    // On the collapsed row, under its header; opening the row shows the output below, without a second list.
    await expect.poll(() => row().getByTestId('tool-body').count()).toBe(0);
    await row().locator('.tool-header').click();
    await expect.poll(() => row().innerText()).toMatch(/changed 3 files[\s\S]*Exit code 0/);
    await expect.poll(() => row().getByTestId('tool-body').innerText()).not.toContain('changed 3 files');
    // The folder is dimmed with the theme's description colour.
    const dim = await themeColour(view.page, '--vscode-descriptionForeground');
    await expect.poll(() => style(files().nth(0).locator('.bash-changed-folder'), 'color')).toBe(dim);
  });

  it('says "changed 1 file" for one file', async () => {
    await openBashRow(bashResult({ changedFiles: [THREE[1]!] }));
    await expect.poll(() => toggle().innerText()).toBe('changed 1 file');
    await expect.poll(() => files().count()).toBe(1);
  });

  it('asks the host for the diff of the file clicked, with its change and before oid', async () => {
    await openBashRow(bashResult({ changedFiles: THREE }));
    await files().nth(0).getByTestId('bash-change-diff').click();
    await files().nth(1).getByTestId('bash-change-diff').click();
    await files().nth(2).getByTestId('bash-change-diff').click();
    await expect.poll(() => posted()).toEqual([
      { type: 'openChangeDiff', path: '/ws/src/util/format.ts', change: 'modified', before: OID },
      { type: 'openChangeDiff', path: '/ws/src/generated.ts', change: 'created' },
      { type: 'openChangeDiff', path: '/ws/old/legacy.js', change: 'deleted', before: OID_DELETED },
    ]);
  });

  it('collapses and expands the list from the keyboard', async () => {
    await openBashRow(bashResult({ changedFiles: THREE }));
    await expect.poll(() => files().count()).toBe(3);
    await toggle().focus();
    await toggle().press('Enter');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => files().count()).toBe(0);
    await toggle().press('Space');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => files().count()).toBe(3);
    // Tab reaches the first diff button, and Enter on it asks for the diff.
    await view.page.keyboard.press('Tab');
    await expect.poll(() => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bash-change-diff');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => posted()).toEqual([{ type: 'openChangeDiff', path: '/ws/src/util/format.ts', change: 'modified', before: OID }]);
  });

  it('starts collapsed when the command changed more than five files, and opens on a click', async () => {
    const six = Array.from({ length: 6 }, (_, i): SnapshotChangeView => ({ path: `/ws/out/file${i}.txt`, change: 'created' }));
    await openBashRow(bashResult({ changedFiles: six }));
    await expect.poll(() => toggle().innerText()).toBe('changed 6 files');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => files().count()).toBe(0);
    await toggle().click();
    await expect.poll(() => files().count()).toBe(6);
  });

  it('shows the snapshot note, dimmed, and no changes section when the list is empty', async () => {
    const note = 'Workspace snapshots are off for this session: the workspace has over 200,000 files.';
    await openBashRow(bashResult({ snapshotNote: note, changedFiles: [] }));
    await expect.poll(() => row().getByTestId('bash-snapshot-note').innerText()).toBe(note);
    await expect.poll(() => row().getByTestId('bash-changes').count()).toBe(0);
    const dim = await themeColour(view.page, '--vscode-descriptionForeground');
    await expect.poll(() => style(row().getByTestId('bash-snapshot-note'), 'color')).toBe(dim);
  });

  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    it(`looks right in a ${theme} sidebar (screenshot)`, async () => {
      await openBashRow(bashResult({ changedFiles: THREE, snapshotNote: 'Snapshots skipped node_modules (ignored).' }), { theme });
      await expect.poll(() => files().count()).toBe(3);
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', `webview-bash-changes-${theme}.png`), animations: 'disabled' });
      expect(png.byteLength).toBeGreaterThan(5_000);
    });
  }
});
