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
    await expect.poll(() => select.inputValue()).toBe('default');
    await select.selectOption('acceptEdits');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'setPermissionMode', mode: 'acceptEdits' }]);
    await view.send({ type: 'permissionModeChanged', mode: 'plan' });
    await expect.poll(() => select.inputValue()).toBe('plan');
  });

  it('offers auto mode, labelled, and posts it without a confirmation', async () => {
    await open(snapshot([], { permissionMode: 'default' }));
    const select = view.page.getByTestId('mode-select');
    await expect.poll(() => select.locator('option').evaluateAll((options) => options.map((o) => `${(o as HTMLOptionElement).value}=${o.textContent}`))).toContain('auto=Auto');
    await select.selectOption('auto');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'setPermissionMode', mode: 'auto' }]);
    await view.send({ type: 'permissionModeChanged', mode: 'auto' });
    await expect.poll(() => select.inputValue()).toBe('auto');
  });

  it('asks for confirmation before bypass and posts nothing when cancelled', async () => {
    await open(snapshot([], { permissionMode: 'default' }));
    const select = view.page.getByTestId('mode-select');
    await select.selectOption('bypassPermissions');
    await expect.poll(() => postedAfterReady()).toEqual([]);
    await view.page.getByTestId('bypass-cancel').click();
    await expect.poll(() => select.inputValue()).toBe('default');
    await expect.poll(() => postedAfterReady()).toEqual([]);
    await select.selectOption('bypassPermissions');
    await view.page.getByTestId('bypass-confirm').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'setPermissionMode', mode: 'bypassPermissions' }]);
    await expect.poll(() => view.page.getByTestId('bypass-confirm').count()).toBe(0);
  });

  it('names a cloud provider beside the model, follows a switch, and shows nothing for the Anthropic API', async () => {
    await open(snapshot([], { setup: { hasApiKey: true, keySource: 'provider', provider: 'bedrock' } }));
    const badge = view.page.getByTestId('provider-badge');
    await expect.poll(() => badge.textContent()).toBe('Bedrock');
    await expect.poll(() => badge.getAttribute('title')).toBe('Model requests go to Amazon Bedrock');
    await view.send({ type: 'setupChanged', setup: { hasApiKey: true, keySource: 'provider', provider: 'vertex' } });
    await expect.poll(() => badge.textContent()).toBe('Vertex AI');
    await view.send({ type: 'setupChanged', setup: { hasApiKey: true, keySource: 'secretStorage', provider: 'anthropic' } });
    await expect.poll(() => badge.count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('model-select').count()).toBe(1);
  });

  it('lists the built-in model choices plus the current setting and posts setModel', async () => {
    await open(snapshot([], { model: 'claude-custom-1' }));
    const select = view.page.getByTestId('model-select');
    await expect.poll(() => select.locator('option').allInnerTexts()).toEqual(['claude-custom-1', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5', 'claude-fable-5-2']);
    await select.selectOption('claude-opus-5-5');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'setModel', model: 'claude-opus-5-5' }]);
    await view.send({ type: 'modelChanged', model: 'claude-opus-5-5' });
    await expect.poll(() => select.inputValue()).toBe('claude-opus-5-5');
  });

  it('lists the host model list once it arrives, the API ids included', async () => {
    await open(snapshot([], { model: 'claude-sonnet-5-5' }), { type: 'modelList', models: ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-next-6'] });
    const select = view.page.getByTestId('model-select');
    await expect.poll(() => select.locator('option').allInnerTexts()).toEqual(['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-next-6']);
    await select.selectOption('claude-next-6');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'setModel', model: 'claude-next-6' }]);
  });

  it('shows the context fill, tokens and cost from usage events', async () => {
    await open(snapshot());
    await expect.poll(() => view.page.getByTestId('context-meter').count()).toBe(0);
    await view.send(usage);
    const meter = view.page.getByTestId('context-meter');
    await expect.poll(() => meter.innerText()).toContain('42% context');
    await expect.poll(() => meter.locator('meter').getAttribute('value')).toBe('42');
    await expect.poll(() => view.page.getByTestId('session-cost').innerText()).toBe('42.0k tokens · $0.042');
  });

  it('posts newChat from the new-chat button', async () => {
    await open(snapshot());
    await view.page.getByTestId('new-chat').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'newChat' }]);
  });

  it('asks for the session list, shows title, date and size, and resumes the one clicked', async () => {
    await open(snapshot());
    await view.page.getByTestId('history-button').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'listSessions' }]);
    await view.send({
      type: 'sessionList',
      sessions: [
        { sessionId: 's-new', title: 'Fix the parser', modifiedAt: '2026-11-20T10:00:00.000Z', messageCount: 12 },
        { sessionId: 's-old', title: 'Write README', modifiedAt: '2026-11-01T08:30:00.000Z', messageCount: 3 },
      ],
    });
    const items = view.page.getByTestId('session-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.nth(0).innerText()).toContain('Fix the parser');
    await expect.poll(() => items.nth(0).innerText()).toContain('12 messages');
    await expect.poll(() => items.nth(0).innerText()).toContain('2026');
    await items.nth(1).click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'listSessions' }, { type: 'resumeSession', sessionId: 's-old' }]);
    await expect.poll(() => view.page.getByTestId('session-history').count()).toBe(0);
  });

  it('does not resume a session while a turn runs', async () => {
    await open(snapshot(), busy(true));
    await view.page.getByTestId('history-button').click();
    await view.send({ type: 'sessionList', sessions: [{ sessionId: 's1', title: 'One', modifiedAt: '2026-11-20T10:00:00.000Z', messageCount: 1 }] });
    await expect.poll(() => view.page.getByTestId('session-item').isDisabled()).toBe(true);
  });
});

describe('webview context figure', () => {
  const figures = async () => [
    await view.page.getByTestId('context-meter').innerText(),
    await view.page.getByTestId('usage-line').innerText(),
    await view.page.getByTestId('context-summary').innerText(),
  ];
  const at = (contextFill: number): HostToWebview => ({ type: 'usage', usage: { ...usage.usage, contextFill } as Extract<HostToWebview, { type: 'usage' }>['usage'] });
  const contextPanel = (used: number): HostToWebview => ({
    type: 'panelOpened',
    view: { panel: 'context', model: 'claude-sonnet-4-5', window: 200_000, parts: [{ label: 'System prompt', tokens: 1_000 }, { label: 'Messages', tokens: 2_200 }], used },
  });

  it('says the same in the header, the usage line and /context (one figure, rounded one way)', async () => {
    // 2,800 of 200,000 tokens: 1.4%, which the three once showed as "<1%", "0%" and "1.4%".
    await open(snapshot(), at(2_800 / 200_000), contextPanel(2_800));
    await expect.poll(figures).toEqual([
      expect.stringContaining('1% context'),
      expect.stringContaining('· 1% context'),
      expect.stringContaining('tokens used (1%)'),
    ]);
    await view.send(at(600 / 200_000), contextPanel(600));
    await expect.poll(figures).toEqual([
      expect.stringContaining('<1% context'),
      expect.stringContaining('· <1% context'),
      expect.stringContaining('tokens used (<1%)'),
    ]);
  });
});
