/**
 * Takes the screenshot of the extension's page (MARKETPLACE.md: media/screenshot.png): the real chat webview,
 * production bundle, in VS Code's Dark Modern colours, fed the protocol events of a short session (a prompt,
 * tool rows with a failing test run and an edit's diff, and a permission dialog), the way the webview tests
 * drive it. Run it again when the chat's look changes: `npx tsx scripts/readme-screenshot.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatEntry, HostToWebview, ToolResultView } from '../extension/protocol/messages';
import { launchChromium } from '../test/support/browser';
import { buildProductionWebview, REPO_ROOT } from '../test/webview/bundle';
import { openWebview, startHarness } from '../test/webview/harness';

const OUT = path.join(REPO_ROOT, 'media', 'screenshot.png');

const tool = (id: string, name: string, input: Record<string, unknown>, result: ToolResultView, summary: string): ChatEntry => ({
  id,
  role: 'tool',
  name,
  input,
  summary,
  activity: null,
  status: result.isError ? 'error' : 'done',
  result,
});

const entries: ChatEntry[] = [
  { id: 'u1', role: 'user', text: 'The add test fails. Find out why and fix it.', status: 'done' },
  { id: 'a1', role: 'assistant', text: 'I will run the tests first to see the failure.', status: 'done' },
  tool('t1', 'Bash', { command: 'npm test' }, {
    isError: true,
    text: 'Exit code 1',
    truncated: false,
    data: { kind: 'bash', command: 'npm test', output: ' FAIL  src/math.test.ts\n  ✕ adds two numbers\n    Expected: 5\n    Received: -1', exitCode: 1 },
  }, 'npm test'),
  tool('t2', 'Read', { file_path: '/work/demo/src/math.ts' }, { isError: false, text: '', truncated: false, data: { kind: 'read', filePath: '/work/demo/src/math.ts', startLine: 1, endLine: 12 } }, 'src/math.ts'),
  { id: 'a2', role: 'assistant', text: '`add` subtracts its second argument. Fixing the operator:', status: 'done' },
  tool('t3', 'Edit', { file_path: '/work/demo/src/math.ts', old_string: 'a - b', new_string: 'a + b' }, {
    isError: false,
    text: 'The file has been updated.',
    truncated: false,
    data: { kind: 'diff', filePath: '/work/demo/src/math.ts', created: false, added: 1, removed: 1, truncated: false, hunks: [{ oldStart: 3, oldLines: 3, newStart: 3, newLines: 3, lines: [' export function add(a: number, b: number) {', '-  return a - b;', '+  return a + b;', ' }'] }] },
  }, 'src/math.ts'),
];

const events: HostToWebview[] = [
  {
    type: 'sessionSnapshot',
    sessionId: 'readme',
    entries,
    busy: true,
    setup: { hasApiKey: true, keySource: 'secretStorage' },
    model: 'claude-sonnet-5-5',
    usage: { inputTokens: 18_400, outputTokens: 610, cacheReadInputTokens: 12_000, cacheCreationInputTokens: 2_100, costUsd: 0.031, contextFill: 0.09 },
    todos: [
      { content: 'Run the failing test', status: 'completed', activeForm: 'Running the failing test' },
      { content: 'Fix add()', status: 'completed', activeForm: 'Fixing add()' },
      { content: 'Run the tests again', status: 'in_progress', activeForm: 'Running the tests again' },
    ],
  },
  {
    type: 'permissionRequested',
    request: {
      requestId: 'r1',
      toolUseId: 't4',
      toolName: 'Bash',
      title: 'Bash',
      summary: 'npm test',
      message: 'Bash wants to run a command',
      warnings: [],
      suggestions: [{ index: 0, label: 'Always allow Bash(npm test:*) in this project' }],
      preview: { kind: 'bash', command: 'npm test', description: 'Run the tests again' },
      waiting: 0,
    },
  },
];

async function main(): Promise<void> {
  const dist = mkdtempSync(path.join(tmpdir(), 'cw-readme-shot-'));
  await buildProductionWebview(dist);
  const [browser, harness] = await Promise.all([launchChromium(), startHarness({ dist })]);
  try {
    const view = await openWebview(browser, harness, { theme: 'dark', viewport: { width: 420, height: 1090 } });
    // tsx keeps function names with an `__name` helper that the functions the harness evaluates in the page refer to.
    await view.page.evaluate('window.__name = (fn) => fn');
    await view.send(...events);
    // The diff and the test output open, as a person would look at them.
    for (const name of ['Bash', 'Update']) await view.page.locator('section[data-testid="tool"] .tool-header', { hasText: name }).first().click();
    await view.page.emulateMedia({ reducedMotion: 'reduce' });
    await view.page.waitForTimeout(500);
    await view.page.screenshot({ path: OUT, animations: 'disabled' });
    if (view.consoleErrors.length) throw new Error(`The page reported errors: ${view.consoleErrors.join('; ')}`);
    console.log(`wrote ${path.relative(REPO_ROOT, OUT)}`);
  } finally {
    await browser.close();
    await harness.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
