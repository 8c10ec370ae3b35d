import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, useWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-diff-review';
const ORIGINAL = 'export function greet(name: string): string {\n  return "Hello " + name;\n}\n';
const PROPOSED = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n';

/** Adds greet.ts and a workspace settings file to a fresh workspace. */
function withSettings(dir: string, settings: Record<string, unknown>): void {
  writeFileSync(path.join(dir, 'greet.ts'), ORIGINAL);
  mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  writeFileSync(path.join(dir, '.vscode/settings.json'), JSON.stringify(settings));
}

/** One side of a diff editor as shown (Monaco renders spaces as non-breaking ones). */
async function sideText(diff: Locator, which: 'original' | 'modified'): Promise<string> {
  return (await diff.locator(`.editor.${which} .view-lines`).first().innerText()).replace(/\u00a0/g, ' ');
}

/** The last message of the last request the fake server got: the tool results of the turn's last step. */
const lastMessage = (fake: FakeAnthropic) => JSON.stringify((fake.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1));

describe('e2e: an edit is approved from the diff editor', () => {
  // Both sides stay visible in the narrower group beside the chat, for the assertions and the screenshot.
  const wb = useWorkbench(() =>
    openAgentWorkbench(API_KEY, (dir) => {
      withSettings(dir, { 'diffEditor.useInlineViewWhenSpaceIsLimited': false });
    }),
  );

  it('opens the proposal beside, and its title Accept action applies it', async () => {
    const file = path.join(wb.workspace, 'greet.ts');
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: file } }] },
      { content: [{ type: 'text', text: 'Using a template literal.' }, { type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: file, old_string: '"Hello " + name', new_string: '`Hello, ${name}!`' } }] },
      { content: [{ type: 'text', text: 'Updated greet.' }], expect: { toolResultIds: ['toolu_edit'] } },
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill('use a template literal in greet.ts');
    await input.press('Enter');

    // The diff editor opens with both sides and the proposal's per-hunk hint.
    const diff = wb.page.locator('.monaco-diff-editor');
    await diff.waitFor({ state: 'visible', timeout: 60_000 });
    const side = (which: 'original' | 'modified') => sideText(diff, which);
    await expect.poll(() => side('modified'), { timeout: 30_000 }).toContain('return `Hello, ${name}!`;');
    await expect.poll(() => side('original')).toContain('return "Hello " + name;');
    // CodeLens is off in diff editors by default, so the hint is an inline decoration; decorations render
    // their text through CSS ::after, so it is read from the computed style.
    const hints = () =>
      diff.locator('.editor.modified .view-lines span').evaluateAll((spans) => spans.map((el) => getComputedStyle(el, '::after').content).filter((c) => c.includes('hunk')));
    await expect.poll(hints, { timeout: 30_000 }).toEqual([expect.stringContaining('accept or reject this hunk (hover)')]);
    // The chat's dialog asks at the same time.
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    // It opened without taking focus (the default): the keyboard is still in the chat's webview, not in the
    // proposal (a webview's frame is the workbench's active element while focus is inside it).
    await expect.poll(() => wb.page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await expect.poll(() => diff.locator('textarea:focus').count()).toBe(0);
    // The title actions show once the user is in the diff's group.
    const accept = wb.page.locator('.editor-actions a.action-label[aria-label^="Accept Proposed Edit"]');
    await wb.page.locator('.tab', { hasText: 'current ↔ proposed' }).click();
    await accept.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => wb.page.locator('.editor-actions a.action-label[aria-label^="Reject Proposed Edit"]').count()).toBe(1);
    await wb.page.screenshot({ path: path.join(REPO_ROOT, 'test-results/e2e-diff-review.png') });
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);

    // The editor answers first; the dialog closes with the diff.
    await accept.click();
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 30_000 }).toBe(PROPOSED);
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await diff.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => lastMessage(wb.fake), { timeout: 30_000 }).toContain('toolu_edit');
    expect(lastMessage(wb.fake)).toContain(`The file ${file} has been updated.`);
    expect(lastMessage(wb.fake)).not.toContain('modified your proposed changes');
  });

  it('applies what the user typed into the proposal when the dialog allows it, and tells the model', async () => {
    // (A review the test before left pending would take this test's keys and answer.)
    await expect.poll(() => wb.page.locator('.monaco-diff-editor').count(), { message: 'a diff review is still open from the test before' }).toBe(0);
    const file = path.join(wb.workspace, 'notes.md');
    writeFileSync(file, '# Notes\n');
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_read2', name: 'Read', input: { file_path: file } }] },
      { content: [{ type: 'tool_use', id: 'toolu_write2', name: 'Write', input: { file_path: file, content: '# Notes\n\n- first\n' } }] },
      { content: [{ type: 'text', text: 'Noted.' }], expect: { toolResultIds: ['toolu_write2'] } },
    ]);
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill('add a note');
    await input.press('Enter');
    const diff = wb.page.locator('.monaco-diff-editor');
    await diff.waitFor({ state: 'visible', timeout: 60_000 });
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    // Type at the end of the proposal once it shows, as a user would, and answer once the typing shows.
    await expect.poll(() => sideText(diff, 'modified'), { timeout: 30_000 }).toContain('- first');
    await diff.locator('.editor.modified .view-lines').first().click();
    await wb.page.keyboard.press('Control+End');
    await wb.page.keyboard.type('- typed by hand');
    await expect.poll(() => sideText(diff, 'modified'), { timeout: 30_000 }).toContain('- typed by hand');
    await dialog.press('1');
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 30_000 }).toBe('# Notes\n\n- first\n- typed by hand');
    await diff.waitFor({ state: 'detached', timeout: 30_000 });
    // The request after the Write carries its result.
    await expect.poll(() => lastMessage(wb.fake), { timeout: 30_000 }).toContain('toolu_write2');
    expect(lastMessage(wb.fake)).toContain('The user modified your proposed changes before accepting them');
    expect(lastMessage(wb.fake)).toContain('+- typed by hand');
  });
});

describe('e2e: with diffReview.open = manual, the diff waits for the dialog and the title Reject asks for a note', () => {
  const wb = useWorkbench(() =>
    openAgentWorkbench(API_KEY, (dir) => {
      withSettings(dir, { 'codewright.diffReview.open': 'manual', 'diffEditor.useInlineViewWhenSpaceIsLimited': false });
    }),
  );

  it('opens the diff only from "Open in diff editor"; Reject with a note leaves the file alone and tells the model', async () => {
    const file = path.join(wb.workspace, 'greet.ts');
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: file } }] },
      { content: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: file, content: 'export const greet = () => "hi";\n' } }] },
      { content: [{ type: 'text', text: 'Understood.' }], expect: { toolResultIds: ['toolu_write'] } },
    ]);
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.fill('rewrite greet.ts');
    await input.press('Enter');
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => wb.page.locator('.monaco-diff-editor').count()).toBe(0);

    await dialog.getByRole('button', { name: /Open in diff editor/ }).click();
    const diff = wb.page.locator('.monaco-diff-editor');
    await diff.waitFor({ state: 'visible', timeout: 30_000 });
    // Opened on request, so it takes focus and its title actions show at once.
    await wb.page.locator('.editor-actions a.action-label[aria-label^="Reject Proposed Edit"]').click();
    const note = wb.page.locator('.quick-input-widget input');
    await note.waitFor({ state: 'visible', timeout: 30_000 });
    await note.fill('keep the function declaration');
    await note.press('Enter');

    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await diff.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => lastMessage(wb.fake), { timeout: 30_000 }).toContain('toolu_write');
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(lastMessage(wb.fake)).toContain('The user denied Write');
    expect(lastMessage(wb.fake)).toContain('keep the function declaration');
  });
});
