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

  it('shows no agent line for the main agent', async () => {
    const view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: request() });
    await expect.poll(() => view.page.getByTestId('permission-dialog').innerText()).toContain('ls src');
    await expect.poll(() => view.page.getByTestId('permission-agent').count()).toBe(0);
  });
});
