import { describe, expect, it } from 'vitest';
import type { HostToWebview } from '../../extension/protocol/messages';
import { busy, snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(...events);
}

const postedAfterReady = async () => (await view.posted()).slice(1);

const usage: HostToWebview = {
  type: 'usage',
  usage: { inputTokens: 1200, outputTokens: 300, cacheReadInputTokens: 40_000, cacheCreationInputTokens: 500, costUsd: 0.0421, contextFill: 0.42 },
};

describe('webview header', () => {
  it('posts setPermissionMode when a mode is picked and follows the host when it changes', async () => {
    await open(snapshot([], { permissionMode: 'default' }));
    const select = view.page.getByTestId('mode-select');
    expect(await select.inputValue()).toBe('default');
    await select.selectOption('acceptEdits');
    expect(await postedAfterReady()).toEqual([{ type: 'setPermissionMode', mode: 'acceptEdits' }]);
    await view.send({ type: 'permissionModeChanged', mode: 'plan' });
    expect(await select.inputValue()).toBe('plan');
  });

  it('asks for confirmation before bypass and posts nothing when cancelled', async () => {
    await open(snapshot([], { permissionMode: 'default' }));
    const select = view.page.getByTestId('mode-select');
    await select.selectOption('bypassPermissions');
    expect(await postedAfterReady()).toEqual([]);
    await view.page.getByTestId('bypass-cancel').click();
    expect(await select.inputValue()).toBe('default');
    expect(await postedAfterReady()).toEqual([]);
    await select.selectOption('bypassPermissions');
    await view.page.getByTestId('bypass-confirm').click();
    expect(await postedAfterReady()).toEqual([{ type: 'setPermissionMode', mode: 'bypassPermissions' }]);
    expect(await view.page.getByTestId('bypass-confirm').count()).toBe(0);
  });

  it('lists the short model list plus the current setting and posts setModel', async () => {
    await open(snapshot([], { model: 'claude-custom-1' }));
    const select = view.page.getByTestId('model-select');
    const options = await select.locator('option').allInnerTexts();
    expect(options).toEqual(['claude-custom-1', 'claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5']);
    await select.selectOption('claude-opus-4-1');
    expect(await postedAfterReady()).toEqual([{ type: 'setModel', model: 'claude-opus-4-1' }]);
    await view.send({ type: 'modelChanged', model: 'claude-opus-4-1' });
    expect(await select.inputValue()).toBe('claude-opus-4-1');
  });

  it('shows the context fill, tokens and cost from usage events', async () => {
    await open(snapshot());
    expect(await view.page.getByTestId('context-meter').count()).toBe(0);
    await view.send(usage);
    const meter = view.page.getByTestId('context-meter');
    expect(await meter.innerText()).toContain('42% context');
    expect(await meter.locator('meter').getAttribute('value')).toBe('42');
    expect(await view.page.getByTestId('session-cost').innerText()).toBe('42.0k tokens · $0.042');
  });

  it('posts newChat from the new-chat button', async () => {
    await open(snapshot());
    await view.page.getByTestId('new-chat').click();
    expect(await postedAfterReady()).toEqual([{ type: 'newChat' }]);
  });

  it('asks for the session list, shows title, date and size, and resumes the one clicked', async () => {
    await open(snapshot());
    await view.page.getByTestId('history-button').click();
    expect(await postedAfterReady()).toEqual([{ type: 'listSessions' }]);
    await view.send({
      type: 'sessionList',
      sessions: [
        { sessionId: 's-new', title: 'Fix the parser', modifiedAt: '2026-11-20T10:00:00.000Z', messageCount: 12 },
        { sessionId: 's-old', title: 'Write README', modifiedAt: '2026-11-01T08:30:00.000Z', messageCount: 3 },
      ],
    });
    const items = view.page.getByTestId('session-item');
    const texts = await items.allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Fix the parser');
    expect(texts[0]).toContain('12 messages');
    expect(texts[0]).toContain('2026');
    await items.nth(1).click();
    expect(await postedAfterReady()).toEqual([{ type: 'listSessions' }, { type: 'resumeSession', sessionId: 's-old' }]);
    expect(await view.page.getByTestId('session-history').count()).toBe(0);
  });

  it('does not resume a session while a turn runs', async () => {
    await open(snapshot(), busy(true));
    await view.page.getByTestId('history-button').click();
    await view.send({ type: 'sessionList', sessions: [{ sessionId: 's1', title: 'One', modifiedAt: '2026-11-20T10:00:00.000Z', messageCount: 1 }] });
    expect(await view.page.getByTestId('session-item').isDisabled()).toBe(true);
  });
});
