import { describe, expect, it } from 'vitest';
import type { ToolResultView } from '../../extension/protocol/messages';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.locator('section[data-testid="tool"]');
const text = (t: string, isError = false): ToolResultView => ({ isError, text: t, truncated: false });

describe('webview worktree tool rows', () => {
  it('titles EnterWorktree and ExitWorktree by what they do and shows their result text', async () => {
    view = await openPage();
    await view.send(
      snapshot([userMessage('u1', 'go')]),
      busy(true),
      added(assistantMessage('a1', 'Isolating.', 'streaming')),
      toolStarted('t1', 'EnterWorktree', { name: 'feat' }),
      toolResult('t1', text('Created worktree at /r/.claude/worktrees/feat on branch worktree-feat.')),
      toolStarted('t2', 'EnterWorktree', { path: '/r/.claude/worktrees/other' }),
      toolResult('t2', text('Entered worktree at /r/.claude/worktrees/other on branch other.')),
      toolStarted('t3', 'ExitWorktree', { action: 'keep' }),
      toolResult('t3', text('Left the worktree; it is kept at /r/.claude/worktrees/other on branch other.')),
      toolStarted('t4', 'ExitWorktree', { action: 'remove', discard_changes: true }),
      toolResult('t4', text('The worktree at /r/x has uncommitted changes: a.txt.', true)),
    );
    await expect
      .poll(() => rows().locator('.tool-title').allInnerTexts())
      .toEqual(['Create worktree feat', 'Enter worktree other', 'Leave worktree (keep)', 'Remove worktree, discarding changes']);
    await rows().nth(0).locator('.tool-header').click();
    await expect.poll(() => rows().nth(0).getByTestId('tool-output').innerText()).toBe('Created worktree at /r/.claude/worktrees/feat on branch worktree-feat.');
    await rows().nth(3).locator('.tool-header').click();
    await expect.poll(() => rows().nth(3).getByTestId('tool-output').innerText()).toContain('uncommitted changes: a.txt');
  });
});
