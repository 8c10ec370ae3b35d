/**
 * WCAG 2 AA contrast of the main screens, checked by axe-core in the real bundle, in VS Code's Dark Modern,
 * Light Modern, Dark High Contrast and Light High Contrast themes (theme.ts holds their real variables).
 * Each screen is shown as a person sees it (tool rows expanded, a dialog open) and axe's `color-contrast`
 * rule runs over the whole page: text under 4.5:1 (3:1 when large) against what is behind it fails.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { HostToWebview, PanelView, PlanRequest, QuestionRequest, ToolResultView } from '../../extension/protocol/messages';
import { colour, extras, paintTodos } from '../fixtures/questions';
import { assistantMessage, bashPermission, snapshot, toolEntry, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';
import { THEME_KINDS, type ThemeKind } from './theme';

const openPage = useWebviewPages();
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

const READ: ToolResultView = { isError: false, text: '1\tconst app = 1;', truncated: false, data: { kind: 'read', filePath: '/work/src/app.ts', startLine: 1, endLine: 40 } };
const EDIT: ToolResultView = {
  isError: false,
  text: 'The file /work/src/app.ts has been updated.',
  truncated: false,
  data: {
    kind: 'diff',
    filePath: '/work/src/app.ts',
    created: false,
    added: 1,
    removed: 1,
    truncated: false,
    hunks: [{ oldStart: 4, oldLines: 2, newStart: 4, newLines: 2, lines: [' const a = 1;', '-const b = 2;', '+const b = 3;'] }],
  },
};
const BASH: ToolResultView = { isError: true, text: 'Exit code 1', truncated: false, data: { kind: 'bash', command: 'npm test', output: '12 passed\n1 failed', exitCode: 1 } };
const FAILED: ToolResultView = { isError: true, text: 'File does not exist: /work/src/gone.ts', truncated: false };

const chat = () =>
  snapshot(
    [
      userMessage('u1', 'Fix the failing test in `src/app.ts`'),
      assistantMessage('a1', 'Looking at **the test** first:\n\n```ts\nconst b = 3;\n```\n\n| file | status |\n|---|---|\n| app.ts | [open](https://example.com) |'),
      toolEntry('t1', 'Read', { file_path: '/work/src/app.ts' }, READ, 'src/app.ts'),
      toolEntry('t2', 'Edit', { file_path: '/work/src/app.ts', old_string: 'x', new_string: 'y' }, EDIT, 'src/app.ts'),
      toolEntry('t3', 'Bash', { command: 'npm test' }, BASH, 'npm test'),
      toolEntry('t4', 'Read', { file_path: '/work/src/gone.ts' }, FAILED, 'src/gone.ts'),
      assistantMessage('a2', 'Done: the test passes.'),
      { id: 'a3', role: 'assistant', text: '', status: 'error', error: 'Rate limited: try again in a minute.' },
    ],
    {
      usage: { inputTokens: 1200, outputTokens: 300, cacheReadInputTokens: 40_000, cacheCreationInputTokens: 500, costUsd: 0.0421, contextFill: 0.42 },
      todos: paintTodos.map((t) => ({ ...t, status: t.status as 'pending' | 'in_progress' })),
      tasks: [{ id: 'b1', description: 'npm run watch', status: 'running', type: 'local_bash', startTime: Date.now() }],
    },
  );

const permission = bashPermission({ waiting: 1 });
const plan: PlanRequest = { requestId: 'plan-1', plan: '# Add caching\n\n1. Wrap `fetchUser` in a cache\n2. Test the expiry', suggestedMode: 'acceptEdits' };
const question: QuestionRequest = { requestId: 'qr-1', questions: [colour, extras] };
const mcp: PanelView = {
  panel: 'mcp',
  servers: [
    { name: 'github', status: 'connected', tools: 12, resources: 3, prompts: 1, scope: 'user' },
    { name: 'docs', status: 'connecting', tools: 0, scope: 'settings' },
    { name: 'db', status: 'failed', tools: 0, scope: 'project', error: 'Connection closed: the process exited with code 1', stderr: 'could not connect' },
    { name: 'repo-tools', status: 'needsApproval', tools: 0, scope: 'project' },
    { name: 'linear', status: 'needsAuth', tools: 0, scope: 'user', authUrl: 'https://mcp.linear.app/mcp' },
    { name: 'declined', status: 'disabled', disabledReason: 'declined', tools: 0, scope: 'project' },
    { name: 'old', status: 'disabled', tools: 4 },
  ],
};
const none = { commands: [], agents: [], skills: [], hooks: [], mcpServers: [], outputStyles: [] };
const plugins: PanelView = {
  panel: 'plugins',
  marketplaces: [
    { name: 'team', source: 'acme/claude-plugins', path: '/home/u/.claude/plugins/marketplaces/team', plugins: 3, lastUpdated: '2025-06-01T10:00:00.000Z' },
    { name: 'company-tools', source: 'https://git.example.com/tools.git', path: '', plugins: 0, suggested: true },
    { name: 'broken', source: '/work/missing', path: '/work/missing', plugins: 0, error: 'marketplace.json not found' },
  ],
  plugins: [
    {
      id: 'commit-tools@team',
      name: 'commit-tools',
      marketplace: 'team',
      description: 'Conventional commits',
      version: '1.2.0',
      installed: true,
      installedVersion: '1.2.0',
      enabled: true,
      enabledBy: 'user',
      contributes: { ...none, commands: ['/commit-tools:commit'], hooks: ['PreToolUse: ./lint.sh'], mcpServers: ['plugin:commit-tools:git'] },
    },
    { id: 'docs@team', name: 'docs', marketplace: 'team', version: '2.1.0', installed: true, installedVersion: '2.0.0', enabled: false, enabledBy: 'project' },
    { id: 'lint@team', name: 'lint', marketplace: 'team', installed: false, enabled: false, error: 'plugin.json is not valid JSON' },
  ],
  trusted: false,
  notice: { kind: 'error', text: 'Could not update team: git pull failed.' },
};

/** Each screen: the events that bring it up, then what a person does to see all of it. */
const SCREENS: Record<string, { events: () => HostToWebview[]; show?: (view: WebviewPage) => Promise<void> }> = {
  'the chat with tool rows, header, task list and composer': {
    events: () => [chat()],
    show: async (view) => {
      const headers = view.page.locator('section[data-testid="tool"] .tool-header');
      await expect.poll(() => headers.count()).toBe(4);
      for (let i = 0; i < 4; i++) await headers.nth(i).click();
      await expect.poll(() => view.page.locator('section[data-testid="tool"] .tool-header[aria-expanded="true"]').count()).toBe(4);
    },
  },
  'the permission dialog': { events: () => [snapshot(), { type: 'permissionRequested', request: permission }] },
  'the plan card': { events: () => [snapshot(), { type: 'planApprovalRequested', request: plan }] },
  'the question card': { events: () => [snapshot(), { type: 'questionAsked', request: question }] },
  'the /mcp panel': {
    events: () => [snapshot(), { type: 'panelOpened', view: mcp }],
    show: async (view) => {
      await view.page.locator('[data-testid="mcp-stderr"] summary').click();
    },
  },
  'the /plugin panel': { events: () => [snapshot(), { type: 'panelOpened', view: plugins }] },
  'the setup screen': { events: () => [snapshot([], { setup: { hasApiKey: false, keySource: 'none', workspaceTrusted: false } })] },
  'the restricted mode notice': { events: () => [snapshot([userMessage('u1', 'hi')], { setup: { hasApiKey: true, keySource: 'secretStorage', workspaceTrusted: false } })] },
};

interface AxeNode {
  target: string[];
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | null }[];
  html: string;
}
interface AxeResults {
  violations: { id: string; nodes: AxeNode[] }[];
  incomplete: { id: string; nodes: AxeNode[] }[];
}

/** axe's findings as one line each: where, which colours, the ratio against the one needed, and the text. */
async function contrastProblems(view: WebviewPage): Promise<string[]> {
  const results = await view.page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
      resultTypes: ['violations'],
    }),
  );
  return (results as AxeResults).violations.flatMap((v) =>
    v.nodes.map((n) => {
      const d = n.any[0]?.data;
      const text = n.html.replace(/\s+/g, ' ').slice(0, 90);
      return `${n.target.join(' ')}: ${d?.fgColor ?? '?'} on ${d?.bgColor ?? '?'} = ${String(d?.contrastRatio ?? '?')} (needs ${d?.expectedContrastRatio ?? '?'}) ${text}`;
    }),
  );
}

describe('webview contrast (WCAG AA, axe-core)', () => {
  it('reports text below AA contrast, with its colours and ratio (the check bites)', async () => {
    const view = await openPage({ theme: 'dark' });
    await view.send(snapshot([userMessage('u1', 'Grey on grey')]));
    await view.page.getByText('Grey on grey').waitFor();
    // Through the CSSOM, which the page's CSP allows (it forbids only inline style attributes).
    await view.page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('.message-text')) el.style.color = '#666666';
    });
    await view.page.evaluate(AXE_SOURCE);
    await expect.poll(() => contrastProblems(view)).toEqual(expect.arrayContaining([expect.stringMatching(/#666666 on #313131 = 2\.\d+ \(needs 4\.5:1\).*Grey on grey/)]));
  });

  for (const theme of THEME_KINDS) {
    for (const [name, screen] of Object.entries(SCREENS)) {
      it(`${name} has no text below AA contrast in the ${theme} theme`, async () => {
        const view = await openPage({ theme: theme satisfies ThemeKind, viewport: { width: 380, height: 900 } });
        await view.send(...screen.events());
        await view.page.locator('#root > *').first().waitFor();
        await screen.show?.(view);
        // Animations off: a spinner or a fade-in mid-frame would be measured at whatever opacity it had.
        await view.page.emulateMedia({ reducedMotion: 'reduce' });
        // Evaluated through the debugging protocol, which the page's CSP (scripts by nonce only) does not cover.
        await view.page.evaluate(AXE_SOURCE);
        await expect.poll(() => contrastProblems(view)).toEqual([]);
      });
    }
  }
});
