import { describe, expect, it } from 'vitest';
import type { SlashCommand } from '../../extension/protocol/messages';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const input = () => view.page.getByTestId('composer-input');
const menuItems = () => view.page.getByTestId('completion-item');
const ghost = () => view.page.getByTestId('composer-argument-hint');
const postedAfterReady = async () => (await view.posted()).slice(1);

const commands: SlashCommand[] = [
  { name: 'review', description: 'Review the current changes', source: 'builtin' },
  { name: 'git:commit', description: 'Commit the staged changes', argumentHint: '<message>', source: 'project' },
  { name: 'context', description: 'What fills the context window', source: 'builtin' },
];

async function open(list: SlashCommand[] = commands): Promise<void> {
  view = await openPage();
  await view.send(snapshot([], { commands: list }));
}

describe('webview slash command completion', () => {
  it('lists every command with its argument hint and description after /', async () => {
    await open();
    await input().pressSequentially('/');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([
      expect.stringMatching(/^\/review\s+Review the current changes$/),
      expect.stringMatching(/^\/git:commit\s+<message>\s+Commit the staged changes$/),
      expect.stringMatching(/^\/context\s+What fills the context window$/),
    ]);
    await expect.poll(() => menuItems().nth(1).getByTestId('completion-hint').innerText()).toBe('<message>');
  });

  it('filters as typed, by the start of the name or of a part after a colon', async () => {
    await open();
    await input().pressSequentially('/co');
    // `context` starts with it; `git:commit` has a part that does, so it comes after.
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/context'), expect.stringContaining('/git:commit')]);
    await input().pressSequentially('n');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/context')]);
    await input().pressSequentially('x');
    await expect.poll(() => menuItems().count()).toBe(0);
  });

  it('shows the argument hint as ghost text after a picked command until arguments are typed', async () => {
    await open();
    await input().pressSequentially('/git');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/git:commit')]);
    await input().press('Enter');
    await expect.poll(() => input().inputValue()).toBe('/git:commit ');
    await expect.poll(() => ghost().innerText()).toBe('<message>');
    await expect.poll(() => postedAfterReady()).toEqual([]);
    await input().pressSequentially('fix');
    await expect.poll(() => ghost().count()).toBe(0);
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: '/git:commit fix' }]);
  });

  it('runs a command typed out in full on Enter instead of completing it again', async () => {
    await open();
    await input().pressSequentially('/context');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringContaining('/context')]);
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: '/context' }]);
  });

  it('shows no ghost text for a command without an argument hint', async () => {
    await open();
    await input().pressSequentially('/rev');
    await expect.poll(() => menuItems().count()).toBe(1);
    await input().press('Tab');
    await expect.poll(() => input().inputValue()).toBe('/review ');
    await expect.poll(() => ghost().count()).toBe(0);
  });

  it('completes from the list the host sends when commands change', async () => {
    await open([]);
    await view.send({ type: 'commandsChanged', commands: [{ name: 'deploy', description: 'Ship it', argumentHint: '[env]', source: 'user' }] });
    await input().pressSequentially('/de');
    await expect.poll(() => menuItems().allInnerTexts()).toEqual([expect.stringMatching(/^\/deploy\s+\[env\]\s+Ship it$/)]);
    await input().press('ArrowDown');
    await expect.poll(() => menuItems().first().getAttribute('aria-selected')).toBe('true');
    await input().press('Enter');
    await expect.poll(() => ghost().innerText()).toBe('[env]');
  });
});
