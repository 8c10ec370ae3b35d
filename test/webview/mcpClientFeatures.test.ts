/**
 * What MCP servers add to the chat (issue 30, item 6): a running MCP tool row shows the server's progress in the
 * host's words and carries the tool's title as its label; the permission dialog warns about a tool its server
 * marks destructive.
 */
import { describe, expect, it } from 'vitest';
import type { HostToWebview, PermissionRequest } from '../../extension/protocol/messages';
import { added, assistantMessage, busy, snapshot, toolProgress, toolResult, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const row = () => view.page.locator('section[data-testid="tool"]').first();

const started = (label?: string): HostToWebview => ({
  type: 'toolUseStarted',
  toolUseId: 't1',
  name: 'mcp__notes__reindex',
  input: { scope: 'all' },
  summary: 'all',
  activity: 'Running Rebuild the index on notes',
  ...(label ? { label } : {}),
});

const destructiveRequest: PermissionRequest = {
  requestId: 'req-9',
  toolUseId: 'toolu_9',
  toolName: 'mcp__notes__wipe',
  title: 'notes - Wipe the notes (MCP)',
  summary: 'all',
  message: 'Allow the MCP server "notes" to run its tool "wipe"?',
  warnings: [],
  destructive: 'This tool may delete or overwrite data (the server marks it destructive)',
  suggestions: [{ index: 0, label: 'Always allow mcp__notes__wipe in this project' }],
  preview: { kind: 'generic', input: { scope: 'all' } },
  waiting: 0,
};

async function open(...events: HostToWebview[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'Calling the server.', 'streaming')), ...events);
}

describe('webview: MCP progress and annotations', () => {
  it("shows the server's progress on the running row, the latest replacing the earlier, and drops it once the result is in", async () => {
    await open(started('Rebuild the index'), toolProgress('t1', { message: 'Indexing (3/10)' }));
    await expect.poll(() => row().getByTestId('mcp-progress').innerText()).toBe('Indexing (3/10)');
    await expect.poll(() => row().getByTestId('mcp-progress').getAttribute('role')).toBe('status');
    await view.send(toolProgress('t1', { message: 'Indexing (70%)' }));
    await expect.poll(() => row().getByTestId('mcp-progress').innerText()).toBe('Indexing (70%)');
    await view.send(toolResult('t1', { isError: false, text: 'reindexed', truncated: false }));
    await expect.poll(() => row().getAttribute('data-status')).toBe('done');
    await expect.poll(() => row().getByTestId('mcp-progress').count()).toBe(0);
  });

  it("labels the row with the tool's title, the tool's own name in its tooltip, beside the server badge", async () => {
    await open(started('Rebuild the index'));
    await expect.poll(() => row().getByTestId('mcp-tool-name').innerText()).toBe('Rebuild the index');
    await expect.poll(() => row().getByTestId('mcp-tool-name').getAttribute('title')).toBe('reindex');
    await expect.poll(() => row().getByTestId('mcp-server-badge').innerText()).toBe('notes');
    await expect.poll(() => row().getAttribute('aria-label')).toBe('notes · Rebuild the index');
  });

  it('keeps the tool name as the label of a tool without a title', async () => {
    await open(started());
    await expect.poll(() => row().getByTestId('mcp-tool-name').innerText()).toBe('reindex');
    await expect.poll(() => row().getAttribute('aria-label')).toBe('notes · reindex');
  });

  it('warns in the permission dialog that a destructive tool may delete or overwrite data', async () => {
    view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: destructiveRequest });
    const dialog = view.page.getByTestId('permission-dialog');
    await dialog.waitFor();
    await expect.poll(() => view.page.getByTestId('permission-destructive').innerText()).toBe('This tool may delete or overwrite data (the server marks it destructive)');
    await expect.poll(() => view.page.getByTestId('permission-title').innerText()).toBe('Allow notes - Wipe the notes (MCP): all?');
    // The warning is part of what the dialog describes to a screen reader.
    await expect.poll(async () => view.page.locator(`[id="${(await dialog.getAttribute('aria-describedby')) ?? ''}"]`).innerText()).toContain('may delete or overwrite data');
  });

  it('shows no destructive warning for other tools', async () => {
    view = await openPage();
    await view.send(snapshot(), { type: 'permissionRequested', request: { ...destructiveRequest, destructive: undefined } as PermissionRequest });
    await view.page.getByTestId('permission-dialog').waitFor();
    await expect.poll(() => view.page.getByTestId('permission-title').innerText()).toContain('Wipe the notes');
    await expect.poll(() => view.page.getByTestId('permission-destructive').count()).toBe(0);
  });
});
