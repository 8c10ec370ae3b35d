import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../extension/protocol/messages';
import { snapshot } from './fixtures';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();

const request = (extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  requestId: 'req-1',
  toolUseId: 'toolu_1',
  toolName: 'Bash',
  title: 'Bash',
  summary: 'ls src',
  message: 'Bash wants to run a command',
  warnings: [],
  suggestions: [],
  preview: { kind: 'bash', command: 'ls src' },
  waiting: 0,
  ...extra,
});

describe('webview permission dialog: the asking sub-agent', () => {
  it('names the sub-agent that asks', async () => {
    const view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: request({ agent: { agentType: 'Explore', description: 'find config loaders' } }) });
    await expect.poll(() => view.page.getByTestId('permission-agent').innerText()).toBe('Asked by sub-agent Explore: find config loaders');
  });

  it.each(['click', 'key 4'] as const)('names a background agent and allows it for the rest of its run by %s', async (answer) => {
    const agent = { agentType: 'general-purpose', description: 'run the checks', name: 'alice', background: true };
    const view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: request({ agent }) });
    await expect.poll(() => view.page.getByTestId('permission-agent').innerText()).toBe('Asked by background agent alice (general-purpose): run the checks');
    await expect.poll(() => view.page.getByTestId('permission-allow-run').innerText()).toContain("Allow for the rest of this agent's run");
    if (answer === 'click') await view.page.getByTestId('permission-allow-run').click();
    else await view.page.keyboard.press('4');
    const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type === 'answerPermission');
    await expect.poll(answers).toEqual([{ type: 'answerPermission', requestId: 'req-1', choice: 'allowForAgentRun' }]);
  });

  it('offers no run-long allow to a foreground sub-agent, and key 4 answers nothing there', async () => {
    const view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: request({ agent: { agentType: 'Explore', description: 'find config loaders' } }) });
    await expect.poll(() => view.page.getByTestId('permission-agent').innerText()).toBe('Asked by sub-agent Explore: find config loaders');
    await expect.poll(() => view.page.getByTestId('permission-allow-run').count()).toBe(0);
    await view.page.keyboard.press('4');
    await view.page.keyboard.press('1');
    const answers = async () => (await view.posted()).filter((m) => (m as { type: string }).type === 'answerPermission');
    await expect.poll(answers).toEqual([{ type: 'answerPermission', requestId: 'req-1', choice: 'allowOnce' }]);
  });

  it('shows no agent line for the main agent', async () => {
    const view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: request() });
    await expect.poll(() => view.page.getByTestId('permission-dialog').innerText()).toContain('ls src');
    await expect.poll(() => view.page.getByTestId('permission-agent').count()).toBe(0);
  });
});
