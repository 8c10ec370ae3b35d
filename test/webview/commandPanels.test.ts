import { describe, expect, it } from 'vitest';
import type { PanelView } from '../../extension/protocol/messages';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const panel = () => view.page.getByTestId('command-panel');
const postedAfterReady = async () => (await view.posted()).slice(1);
const focusedTestId = () => view.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

const permissions: PanelView = {
  panel: 'permissions',
  mode: 'acceptEdits',
  rules: [
    { source: 'userSettings', behavior: 'allow', rule: 'Read', editable: true },
    { source: 'projectSettings', behavior: 'deny', rule: 'Bash(rm -rf:*)', editable: true },
    { source: 'projectSettings', behavior: 'allow', rule: 'Bash(npm test:*)', editable: true },
    { source: 'projectSettings', behavior: 'ask', rule: 'WebFetch', editable: true },
    { source: 'vscodeSettings', behavior: 'allow', rule: 'Glob', editable: false },
  ],
};

const context: PanelView = {
  panel: 'context',
  model: 'claude-sonnet-4-5',
  window: 200_000,
  parts: [
    { label: 'System prompt', tokens: 3_000 },
    { label: 'Tools', tokens: 12_000 },
    { label: 'Messages', tokens: 35_000 },
  ],
};

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot(), ...events);
}

describe('webview command panels', () => {
  it('shows the permission mode and the rules grouped by source, then by behaviour, with Remove only on editable ones', async () => {
    await open({ type: 'panelOpened', view: permissions });
    await expect.poll(() => panel().getAttribute('data-panel')).toBe('permissions');
    await expect.poll(() => view.page.getByTestId('permission-mode').innerText()).toBe('Mode: Accept edits');
    const groups = view.page.getByTestId('permission-source');
    await expect.poll(() => groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-source')))).toEqual(['projectSettings', 'userSettings', 'vscodeSettings']);
    const project = view.page.locator('[data-testid="permission-source"][data-source="projectSettings"]');
    // Allow, then ask, then deny, whatever order the host sent.
    await expect.poll(() => project.getByTestId('permission-rule').allInnerTexts()).toEqual([
      expect.stringContaining('Bash(npm test:*)'),
      expect.stringContaining('WebFetch'),
      expect.stringContaining('Bash(rm -rf:*)'),
    ]);
    await expect.poll(() => project.innerText()).toMatch(/Allow[\s\S]*Ask[\s\S]*Deny/i);
    await expect.poll(() => view.page.getByTestId('permission-rule-remove').count()).toBe(4);
    const vscode = view.page.locator('[data-testid="permission-source"][data-source="vscodeSettings"]');
    await expect.poll(() => vscode.getByTestId('permission-rule-remove').count()).toBe(0);
  });

  it('posts removePermissionRule for the removed rule and addPermissionRule from the form', async () => {
    await open({ type: 'panelOpened', view: permissions });
    await view.page.locator('[data-testid="permission-rule"][data-behavior="deny"]').getByTestId('permission-rule-remove').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'removePermissionRule', source: 'projectSettings', behavior: 'deny', rule: 'Bash(rm -rf:*)' }]);
    await expect.poll(() => view.page.getByTestId('permission-add-submit').isDisabled()).toBe(true);
    await view.page.getByTestId('permission-add-behavior').selectOption('deny');
    await view.page.getByTestId('permission-add-destination').selectOption('projectSettings');
    await view.page.getByTestId('permission-add-rule').fill('  Bash(curl:*) ');
    await view.page.getByTestId('permission-add-rule').press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'removePermissionRule', source: 'projectSettings', behavior: 'deny', rule: 'Bash(rm -rf:*)' },
      { type: 'addPermissionRule', destination: 'projectSettings', behavior: 'deny', rule: 'Bash(curl:*)' },
    ]);
    await expect.poll(() => view.page.getByTestId('permission-add-rule').inputValue()).toBe('');
    // A refresh from the host after the change keeps the panel open and shows the new rules.
    await view.send({ type: 'panelOpened', view: { ...permissions, rules: [{ source: 'projectSettings', behavior: 'deny', rule: 'Bash(curl:*)', editable: true }] } });
    await expect.poll(() => view.page.getByTestId('permission-rule').allInnerTexts()).toEqual([expect.stringContaining('Bash(curl:*)')]);
  });

  it('takes focus when it opens, and Escape closes it, posts closePanel and gives focus back to the composer', async () => {
    await open({ type: 'panelOpened', view: context });
    await expect.poll(() => focusedTestId()).toBe('command-panel');
    await view.page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'closePanel' }]);
    await expect.poll(() => focusedTestId()).toBe('composer-input');
    // The next /context opens it again.
    await view.send({ type: 'panelOpened', view: context });
    await expect.poll(() => panel().getAttribute('data-panel')).toBe('context');
    await view.page.getByTestId('command-panel-close').click();
    await expect.poll(() => panel().count()).toBe(0);
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'closePanel' }, { type: 'closePanel' }]);
  });

  it('charts the context window by part with tokens, percent and free space', async () => {
    await open({ type: 'panelOpened', view: context });
    await expect.poll(() => view.page.getByTestId('context-summary').innerText()).toBe('claude-sonnet-4-5 · 50k of 200k tokens used (25%)');
    await expect.poll(() => view.page.getByTestId('context-legend-row').allInnerTexts()).toEqual([
      expect.stringMatching(/System prompt\s+3\.0k\s+1\.5%/),
      expect.stringMatching(/Tools\s+12k\s+6\.0%/),
      expect.stringMatching(/Messages\s+35k\s+18%/),
      expect.stringMatching(/Free space\s+150k\s+75%/),
    ]);
    // Four segments across the whole bar, each its share of it (within a point: borders and pixels round).
    const widths = () =>
      view.page.getByTestId('context-segment').evaluateAll((els) => {
        const total = els[0]?.parentElement?.clientWidth ?? 1;
        return els.map((e) => (e.getBoundingClientRect().width / total) * 100);
      });
    const near = (expected: number[]) => (actual: number[]) => actual.length === expected.length && actual.every((a, i) => Math.abs(a - (expected[i] ?? 0)) <= 1);
    await expect.poll(async () => near([1.5, 6, 17.5, 75])(await widths())).toBe(true);
    // Each part has its own colour from the theme's chart palette.
    const colours = () => view.page.getByTestId('context-segment').evaluateAll((els) => els.slice(0, 3).map((e) => getComputedStyle(e).backgroundColor));
    await expect.poll(async () => new Set(await colours()).size).toBe(3);
    await expect.poll(async () => (await colours()).includes('rgba(0, 0, 0, 0)')).toBe(false);
    await expect.poll(() => view.cspViolations()).toEqual([]);
  });

  it('lists agents with source, description, tools, model and a path that opens the file', async () => {
    const agents: PanelView = {
      panel: 'agents',
      agents: [
        { name: 'general-purpose', description: 'Researches and carries out multi-step tasks', source: 'builtin' },
        { name: 'reviewer', description: 'Reviews diffs', source: 'project', tools: ['Read', 'Grep'], model: 'claude-haiku-4-5', path: '/w/.claude/agents/reviewer.md' },
      ],
    };
    await open({ type: 'panelOpened', view: agents });
    const reviewer = view.page.locator('[data-testid="agent-row"][data-name="reviewer"]');
    await expect.poll(() => reviewer.innerText()).toContain('Reviews diffs');
    await expect.poll(() => reviewer.getByTestId('agent-source').innerText()).toBe('Project');
    await expect.poll(() => reviewer.getByTestId('agent-tools').innerText()).toBe('Read, Grep');
    await expect.poll(() => reviewer.getByTestId('agent-model').innerText()).toBe('claude-haiku-4-5');
    const builtin = view.page.locator('[data-testid="agent-row"][data-name="general-purpose"]');
    await expect.poll(() => builtin.getByTestId('agent-tools').innerText()).toBe('All tools');
    await expect.poll(() => builtin.getByTestId('agent-path').count()).toBe(0);
    await reviewer.getByTestId('agent-path').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'openFile', path: '/w/.claude/agents/reviewer.md' }]);
  });

  it('lists MCP servers with status and tool count, and says where they are configured when there are none', async () => {
    const mcp: PanelView = {
      panel: 'mcp',
      servers: [
        { name: 'github', status: 'connected', tools: 12 },
        { name: 'db', status: 'failed', tools: 0, error: 'spawn psql-mcp ENOENT' },
      ],
    };
    await open({ type: 'panelOpened', view: mcp });
    await expect.poll(() => view.page.getByTestId('mcp-server').allInnerTexts()).toEqual([
      expect.stringMatching(/github\s+Connected\s+Restart\s+12 tools/),
      expect.stringMatching(/db\s+Failed\s+Restart\s+0 tools\s+spawn psql-mcp ENOENT/),
    ]);
    await view.send({ type: 'panelOpened', view: { panel: 'mcp', servers: [] } });
    await expect.poll(() => view.page.getByTestId('mcp-server').count()).toBe(0);
    await expect.poll(() => view.page.getByTestId('panel-empty').innerText()).toMatch(/No MCP servers are configured[\s\S]*\.mcp\.json/);
  });

  it('groups hooks by event with matcher, command, timeout and source, and has an empty state', async () => {
    const hooks: PanelView = {
      panel: 'hooks',
      hooks: [
        { event: 'PreToolUse', matcher: 'Bash', command: './guard.sh', timeout: 10, source: 'projectSettings', path: '/w/.claude/settings.json' },
        { event: 'Stop', command: 'notify-send done', timeout: 60, source: 'userSettings' },
        { event: 'PreToolUse', matcher: 'Edit|Write', command: 'prettier --check', timeout: 30, source: 'localSettings' },
      ],
    };
    await open({ type: 'panelOpened', view: hooks });
    const events = view.page.getByTestId('hook-event');
    await expect.poll(() => events.evaluateAll((els) => els.map((e) => e.getAttribute('data-event')))).toEqual(['PreToolUse', 'Stop']);
    const pre = view.page.locator('[data-testid="hook-event"][data-event="PreToolUse"]');
    await expect.poll(() => pre.getByTestId('hook-command').allInnerTexts()).toEqual(['./guard.sh', 'prettier --check']);
    await expect.poll(() => pre.getByTestId('hook-matcher').allInnerTexts()).toEqual(['Bash', 'Edit|Write']);
    await expect.poll(() => pre.getByTestId('hook-timeout').allInnerTexts()).toEqual(['10 s', '30 s']);
    await expect.poll(() => pre.getByTestId('hook-source').allInnerTexts()).toEqual(['/w/.claude/settings.json', 'Local settings (.claude/settings.local.json)']);
    const stop = view.page.locator('[data-testid="hook-event"][data-event="Stop"]');
    await expect.poll(() => stop.getByTestId('hook-matcher').innerText()).toBe('Every tool');
    await pre.getByTestId('hook-path').click();
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'openFile', path: '/w/.claude/settings.json' }]);
    await view.send({ type: 'panelOpened', view: { panel: 'hooks', hooks: [] } });
    await expect.poll(() => view.page.getByTestId('panel-empty').innerText()).toMatch(/No hooks are configured[\s\S]*settings\.json/);
  });

  it('opens from the snapshot, so a reloaded view shows the panel the host still has open', async () => {
    view = await openPage();
    await view.send(snapshot([], { panel: context }));
    await expect.poll(() => panel().getAttribute('data-panel')).toBe('context');
  });
});
