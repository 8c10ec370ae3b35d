import { describe, expect, it } from 'vitest';
import type { ConfigProblem } from '../../extension/protocol/messages';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const banner = () => view.page.getByTestId('config-problems');
const postedAfterReady = async () => (await view.posted()).slice(1);

const problems: ConfigProblem[] = [
  { kind: 'command', path: '/w/.claude/commands/bad.md', line: 3, message: 'front matter: expected a mapping' },
  { kind: 'hook', path: '/w/.claude/settings.json', line: 0, message: 'hooks.PreToolUse[0]: "command" is missing' },
];

describe('webview config problems banner', () => {
  it('lists each problem as path:line: message and opens the file at that line', async () => {
    view = await openPage();
    await view.send(snapshot([], { configProblems: problems }));
    await expect.poll(() => view.page.getByTestId('config-problem').allInnerTexts()).toEqual([
      '/w/.claude/commands/bad.md:3: front matter: expected a mapping',
      '/w/.claude/settings.json: hooks.PreToolUse[0]: "command" is missing',
    ]);
    await expect.poll(() => banner().innerText()).toContain('2 parts of your .claude setup were skipped');
    await view.page.getByTestId('config-problem-path').first().click();
    await view.page.getByTestId('config-problem-path').nth(1).click();
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'openFile', path: '/w/.claude/commands/bad.md', line: 3 },
      { type: 'openFile', path: '/w/.claude/settings.json' },
    ]);
  });

  it('shows nothing while there are no problems, and appears when the host reports some', async () => {
    view = await openPage();
    await view.send(snapshot());
    await expect.poll(() => view.page.getByTestId('composer-input').count()).toBe(1);
    await expect.poll(() => banner().count()).toBe(0);
    await view.send({ type: 'configProblems', problems: problems.slice(0, 1) });
    await expect.poll(() => view.page.getByTestId('config-problem').allInnerTexts()).toEqual(['/w/.claude/commands/bad.md:3: front matter: expected a mapping']);
    await view.send({ type: 'configProblems', problems: [] });
    await expect.poll(() => banner().count()).toBe(0);
  });

  it('stays dismissed for the same problems and comes back for a different list', async () => {
    view = await openPage();
    await view.send(snapshot([], { configProblems: problems }));
    await view.page.getByTestId('config-problems-dismiss').click();
    await expect.poll(() => banner().count()).toBe(0);
    await view.send({ type: 'configProblems', problems });
    await expect.poll(() => banner().count()).toBe(0);
    await view.send({ type: 'configProblems', problems: problems.slice(1) });
    await expect.poll(() => view.page.getByTestId('config-problem').count()).toBe(1);
  });
});
