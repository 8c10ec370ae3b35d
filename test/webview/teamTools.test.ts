/** The team tools' rows (docs/ARCHITECTURE.md, Teams): TeamCreate, TeamDelete and SendMessage. */
import { describe, expect, it } from 'vitest';
import type { ToolResultView } from '../../extension/protocol/messages';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.locator('section[data-testid="tool"]');
const header = (i = 0) => rows().nth(i).locator('.tool-header');
const text = (t: string): ToolResultView => ({ isError: false, text: t, truncated: false });

describe('webview team tool rows', () => {
  it('titles TeamCreate, SendMessage and TeamDelete and shows the members and the message', async () => {
    view = await openPage();
    await view.send(
      snapshot([userMessage('u1', 'go')]),
      busy(true),
      added(assistantMessage('a1', 'Starting a team.', 'streaming')),
      toolStarted('t1', 'TeamCreate', { team_name: 'red', members: [{ name: 'alice', prompt: 'A' }, { name: 'bob', prompt: 'B' }] }),
      toolResult('t1', text('Team "red" started with 2 teammate(s)')),
      toolStarted('t2', 'SendMessage', { to: 'alice', message: 'Start with test A' }),
      toolResult('t2', text('Message sent to alice.')),
      toolStarted('t3', 'SendMessage', { to: '*', message: 'sync' }),
      toolResult('t3', text('Message sent to 2 teammate(s).')),
      toolStarted('t4', 'TeamDelete', { team_name: 'red' }),
      toolResult('t4', text('Team "red" removed. Stopped: alice, bob.')),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['Create team red', 'Message to alice', 'Message to the team', 'Delete team red']);
    for (let i = 0; i < 4; i++) await header(i).click();
    await expect.poll(() => rows().nth(0).getByTestId('team-create').locator('li').allInnerTexts()).toEqual(['alice', 'bob']);
    await expect.poll(() => rows().nth(1).getByTestId('send-message').innerText()).toContain('Start with test A');
    await expect.poll(() => rows().nth(3).getByTestId('tool-output').innerText()).toBe('Team "red" removed. Stopped: alice, bob.');
  });
});
