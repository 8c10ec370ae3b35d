/**
 * What a Bash command changed, in the real workbench: the command creates, modifies and deletes files in a git
 * workspace; its row says "changed 3 files" with a tag and a diff link each, the changed-files bar lists them, and
 * Review opens VS Code's multi-file diff of the three. Screenshots of the row and of the Review list.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-bash-snapshots';

/** The workspace as a git repository with two committed files. */
function gitWorkspace(dir: string): void {
  writeFileSync(path.join(dir, 'config.txt'), 'version = 1\nname = demo\n');
  writeFileSync(path.join(dir, 'old.txt'), 'to be removed\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'start');
}

describe('e2e: the files a Bash command changed', () => {
  const wb = useWorkbench(() => openAgentWorkbench(API_KEY, gitWorkspace));

  it('lists them on the Bash row with a diff link each, and in the changed-files bar and Review', async () => {
    const command = "printf 'generated\\n' > made.txt && sed -i 's/version = 1/version = 2/' config.txt && rm old.txt";
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command, description: 'Generate, bump and clean up' } }] },
      { content: [{ type: 'text', text: 'Generated made.txt, bumped the version and removed old.txt.' }], expect: { toolResultIds: ['toolu_bash'] } },
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill('bump the version and clean up');
    await input.press('Enter');
    // Bash asks first; allow it once.
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 60_000 });
    await dialog.press('1');

    const changes = chat.getByTestId('bash-changes');
    await changes.waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => chat.getByTestId('bash-changes-toggle').innerText()).toContain('changed 3 files');
    const files = changes.getByTestId('bash-changed-file');
    await expect.poll(() => files.count()).toBe(3);
    const rows = (await files.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(rows.find((t) => t.includes('made.txt'))).toMatch(/new/);
    expect(rows.find((t) => t.includes('old.txt'))).toMatch(/deleted/);
    expect(rows.find((t) => t.includes('config.txt'))).not.toMatch(/new|deleted/);
    await expect.poll(() => changes.getByTestId('bash-change-diff').count()).toBe(3);
    await changes.scrollIntoViewIfNeeded();
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-bash-changes-row.png') });

    // The diff link of the modified file: before the command ↔ now.
    await files.filter({ hasText: 'config.txt' }).getByTestId('bash-change-diff').click();
    const diff = wb.page.locator('.monaco-diff-editor');
    await diff.waitFor({ state: 'visible', timeout: 30_000 });
    const side = async (which: 'original' | 'modified') => (await diff.locator(`.editor.${which} .view-lines`).first().innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(() => side('original'), { timeout: 30_000 }).toContain('version = 1');
    await expect.poll(() => side('modified'), { timeout: 30_000 }).toContain('version = 2');

    // The changed-files bar lists the three; Review opens the multi-file diff.
    await expect.poll(() => chat.getByTestId('changed-files-count').innerText(), { timeout: 30_000 }).toBe('3 files changed');
    await chat.getByTestId('changed-files-count').click();
    await expect.poll(() => chat.getByTestId('changed-file').count()).toBe(3);
    await expect.poll(() => chat.locator('.changed-files-note').innerText()).toContain('ignored files');
    await chat.getByTestId('review-changes').click();
    const tab = wb.page.locator('.tab', { hasText: '3 files changed in this session' });
    await tab.waitFor({ state: 'visible', timeout: 30_000 });
    for (const name of ['made.txt', 'config.txt', 'old.txt']) {
      await expect.poll(() => wb.page.locator('.multiDiffEntry', { hasText: name }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-bash-changes-review.png') });
  });
});
