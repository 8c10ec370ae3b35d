import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presentToolResult } from '../../extension/conversation/toolViews/present';
import type { ToolResultView } from '../../extension/protocol/messages';
import { ToolSearchTool } from '../../extension/tools/ToolSearch/ToolSearch';
import { REPO_ROOT } from './bundle';
import { added, assistantMessage, busy, finished, snapshot, toolEntry, toolProgress, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';
import { laidOut, settled, style, themeColour } from '../support/ui';

const openPage = useWebviewPages();
let view: WebviewPage;

const rows = () => view.page.locator('section[data-testid="tool"]');
const header = (i = 0) => rows().nth(i).locator('.tool-header');
const posted = async () => (await view.posted()).filter((m) => (m as { type: string }).type !== 'ready');

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'Looking.', 'streaming')), ...events);
}

const READ_RESULT: ToolResultView = {
  isError: false,
  text: '10\tconst app = 1;\n11\texport default app;',
  truncated: false,
  data: { kind: 'read', filePath: '/work/src/app.ts', startLine: 10, endLine: 40 },
};

const EDIT_RESULT: ToolResultView = {
  isError: false,
  text: 'The file /work/src/app.ts has been updated.',
  truncated: false,
  data: {
    kind: 'diff',
    filePath: '/work/src/app.ts',
    created: false,
    added: 2,
    removed: 1,
    truncated: false,
    hunks: [{ oldStart: 4, oldLines: 3, newStart: 4, newLines: 4, lines: [' const a = 1;', '-const b = 2;', '+const b = 3;', '+const c = 4;', ' export { a };'] }],
  },
};

describe('webview tool rows', () => {
  it('shows a running Read with its activity and a spinner, then the file link and range that open the editor', async () => {
    await open(toolStarted('t1', 'Read', { file_path: '/work/src/app.ts', offset: 10, limit: 31 }, 'src/app.ts', 'Reading src/app.ts'));
    await expect.poll(() => rows().count()).toBe(1);
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('running');
    await expect.poll(() => header().innerText()).toContain('Reading src/app.ts');
    await expect.poll(() => rows().first().locator('.tool-status-running').count()).toBe(1);
    await expect.poll(() => header().getAttribute('aria-expanded')).toBe('false');

    await view.send(toolResult('t1', READ_RESULT));
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('done');
    await expect.poll(() => header().innerText()).toContain('Read');
    await expect.poll(() => header().innerText()).toContain('src/app.ts');
    await expect.poll(() => rows().first().locator('.tool-status-running').count()).toBe(0);
    await header().click();
    await expect.poll(() => header().getAttribute('aria-expanded')).toBe('true');
    const link = rows().first().getByTestId('file-link');
    await expect.poll(() => link.innerText()).toBe('/work/src/app.ts:10-40');
    await expect.poll(() => rows().first().innerText()).toContain('31 lines');
    await link.click();
    await expect.poll(() => posted()).toEqual([{ type: 'openFile', path: '/work/src/app.ts', line: 10, endLine: 40 }]);
  });

  it('renders an Edit as an inline diff in the diff editor colours', async () => {
    await open(toolStarted('t1', 'Edit', { file_path: '/work/src/app.ts', old_string: 'const b = 2;', new_string: 'const b = 3;\nconst c = 4;' }, 'src/app.ts'), toolResult('t1', EDIT_RESULT));
    await expect.poll(() => header().innerText()).toContain('Update');
    await header().click();
    const lines = rows().first().locator('.diff-line');
    await expect.poll(() => lines.evaluateAll((els) => els.map((e) => [e.getAttribute('data-kind'), e.querySelector('.diff-number')?.textContent, e.querySelector('.diff-text')?.textContent]))).toEqual([
      ['context', '4', 'const a = 1;'],
      ['removed', '5', 'const b = 2;'],
      ['added', '5', 'const b = 3;'],
      ['added', '6', 'const c = 4;'],
      ['context', '7', 'export { a };'],
    ]);
    await expect.poll(() => rows().first().locator('.diff-stat').innerText()).toBe('+2 -1');
    const inserted = await themeColour(view.page, '--vscode-diffEditor-insertedLineBackground', 'backgroundColor');
    const removed = await themeColour(view.page, '--vscode-diffEditor-removedLineBackground', 'backgroundColor');
    await expect.poll(() => style(lines.nth(2), 'backgroundColor')).toBe(inserted);
    await expect.poll(() => style(lines.nth(1), 'backgroundColor')).toBe(removed);
    await rows().first().getByTestId('file-link').click();
    await expect.poll(() => posted()).toEqual([{ type: 'openFile', path: '/work/src/app.ts', line: 4 }]);
  });

  it('titles a Write that created a file "Create" and shows every line as added', async () => {
    const created: ToolResultView = {
      isError: false,
      text: 'File created successfully at: /work/new.txt',
      truncated: false,
      data: { kind: 'diff', filePath: '/work/new.txt', created: true, added: 2, removed: 0, truncated: false, hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+hello', '+world'] }] },
    };
    await open(toolStarted('t1', 'Write', { file_path: '/work/new.txt', content: 'hello\nworld\n' }, 'new.txt'), toolResult('t1', created));
    await expect.poll(() => header().innerText()).toContain('Create');
    await header().click();
    await expect.poll(() => rows().first().locator('.diff-line').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['added', 'added']);
  });

  it('lists Glob paths that open the file when clicked', async () => {
    const result: ToolResultView = {
      isError: false,
      text: 'src/a.ts\nsrc/b.ts',
      truncated: false,
      data: { kind: 'paths', items: [{ path: 'src/a.ts' }, { path: 'src/b.ts' }], truncated: false },
    };
    await open(toolStarted('t1', 'Glob', { pattern: '**/*.ts' }, '**/*.ts', 'Finding **/*.ts'), toolResult('t1', result));
    await header().click();
    const links = rows().first().getByTestId('file-link');
    await expect.poll(() => links.allInnerTexts()).toEqual(['src/a.ts', 'src/b.ts']);
    await links.nth(1).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openFile', path: 'src/b.ts' }]);
  });

  it('lists Grep matches with their lines and opens the file at the line clicked', async () => {
    const result: ToolResultView = {
      isError: false,
      text: 'src/a.ts:3:const needle = 1;\nsrc/b.ts:12:needle()',
      truncated: false,
      data: { kind: 'paths', items: [{ path: 'src/a.ts', line: 3, text: 'const needle = 1;' }, { path: 'src/b.ts', line: 12, text: 'needle()' }], truncated: true },
    };
    await open(toolStarted('t1', 'Grep', { pattern: 'needle', output_mode: 'content' }, '"needle"'), toolResult('t1', result));
    await expect.poll(() => header().innerText()).toContain('Search');
    await header().click();
    await expect.poll(() => rows().first().locator('.path-item').allInnerTexts()).toEqual(['src/a.ts:3const needle = 1;', 'src/b.ts:12needle()']);
    await expect.poll(() => rows().first().getByTestId('path-list').innerText()).toContain('More results not shown');
    await rows().first().getByTestId('file-link').nth(1).click();
    await expect.poll(() => posted()).toEqual([{ type: 'openFile', path: 'src/b.ts', line: 12 }]);
  });

  it('streams Bash output while it runs, then shows the command, output and a failed exit code', async () => {
    await open(toolStarted('t1', 'Bash', { command: 'npm test', description: 'Run the tests' }, 'npm test', 'Run the tests'));
    await expect.poll(() => header().innerText()).toContain('Run the tests');
    await view.send(toolProgress('t1', { output: 'PASS a.test.ts', elapsedSeconds: 1, totalLines: 1 }));
    await expect.poll(() => rows().first().getByTestId('tool-progress').innerText()).toContain('PASS a.test.ts');
    await view.send(toolProgress('t1', { output: 'PASS a.test.ts\nFAIL b.test.ts', elapsedSeconds: 2, totalLines: 2 }));
    const progress = () => rows().first().getByTestId('tool-progress').innerText();
    await expect.poll(progress).toContain('FAIL b.test.ts');
    await expect.poll(progress).toContain('2s · 2 lines');

    await view.send(
      toolResult('t1', {
        isError: true,
        text: 'Exit code 1\nPASS a.test.ts\nFAIL b.test.ts',
        truncated: false,
        data: { kind: 'bash', command: 'npm test', output: 'PASS a.test.ts\nFAIL b.test.ts', exitCode: 1 },
      }),
    );
    await expect.poll(() => rows().first().getByTestId('tool-progress').count()).toBe(0);
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('error');
    await expect.poll(() => rows().first().getByTestId('tool-error').innerText()).toBe('Exit code 1');
    await header().click();
    await expect.poll(() => rows().first().getByTestId('bash-command').innerText()).toBe('$ npm test');
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('PASS a.test.ts\nFAIL b.test.ts');
    await expect.poll(() => rows().first().getByTestId('bash-exit').innerText()).toBe('Exit code 1');
    // Error text takes the list's error colour, readable where errorForeground is not (webview/styles.css).
    const errorColour = await themeColour(view.page, '--vscode-list-errorForeground');
    await expect.poll(() => style(rows().first().getByTestId('bash-exit'), 'color')).toBe(errorColour);
  });

  it('shows a failed tool in the error style with its first error line visible while collapsed', async () => {
    await open(
      toolStarted('t1', 'Read', { file_path: '/work/missing.ts' }, 'missing.ts'),
      toolResult('t1', { isError: true, text: 'File does not exist: /work/missing.ts', truncated: false }),
    );
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('error');
    await expect.poll(() => rows().first().getByTestId('tool-error').innerText()).toContain('File does not exist');
    await expect.poll(() => rows().first().locator('.tool-status-error').count()).toBe(1);
    await header().click();
    await expect.poll(() => rows().first().getByTestId('tool-output').getAttribute('class')).toContain('tool-output-error');
  });

  it('renders an MCP tool with the MCP renderer: server and tool name, input JSON and result text', async () => {
    await open(
      toolStarted('t1', 'mcp__github__search_issues', { query: 'is:open label:bug' }),
      toolResult('t1', { isError: false, text: 'Found 2 issues: #12, #14', truncated: false }),
    );
    await expect.poll(() => header().innerText()).toContain('github search_issues');
    await expect.poll(() => rows().first().getAttribute('aria-label')).toBe('github · search_issues');
    await header().click();
    await expect.poll(async () => JSON.parse(await rows().first().getByTestId('tool-input').innerText()) as unknown).toEqual({ query: 'is:open label:bug' });
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('Found 2 issues: #12, #14');
  });

  it('renders the other built-in tools with their own titles', async () => {
    const text = (t: string): ToolResultView => ({ isError: false, text: t, truncated: false });
    await open(
      toolStarted('t1', 'LSP', { operation: 'hover', file_path: '/work/a.ts', line: 1, character: 2 }),
      toolResult('t1', text('const a: number')),
      toolStarted('t2', 'NotebookEdit', { notebook_path: '/work/n.ipynb', new_source: 'print(1)', edit_mode: 'replace' }),
      toolResult('t2', text('Updated cell 1')),
      toolStarted('t3', 'ToolSearch', { query: 'select:NotebookEdit' }),
      toolResult('t3', text('NotebookEdit')),
      toolStarted('t4', 'TaskStop', { task_id: 'b7' }),
      toolResult('t4', text('Stopped task b7')),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['LSP hover', 'Edit Notebook', 'Tool Search', 'Stop task b7']);
    for (let i = 0; i < 4; i++) await header(i).click();
    await expect.poll(() => rows().nth(0).getByTestId('tool-output').innerText()).toBe('const a: number');
    await expect.poll(() => rows().nth(1).getByTestId('code-block').innerText()).toContain('print(1)');
    await expect.poll(() => rows().nth(3).getByTestId('tool-output').innerText()).toBe('Stopped task b7');
  });

  it('titles a Skill call with the skill it launches and shows the loaded instructions when expanded', async () => {
    await open(
      toolStarted('t1', 'Skill', { skill: 'pdf', args: 'form.pdf' }, 'pdf', 'Launching skill: pdf'),
      toolResult('t1', { isError: false, text: 'Launching skill: pdf\n\nBase directory for this skill: /skills/pdf', truncated: false }),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['Launching skill: pdf']);
    await header().click();
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toContain('Base directory for this skill: /skills/pdf');
  });

  it('titles Config reads and changes, and shows the StructuredOutput answer as JSON', async () => {
    const text = (t: string): ToolResultView => ({ isError: false, text: t, truncated: false });
    await open(
      toolStarted('t1', 'Config', { setting: 'model' }),
      toolResult('t1', text('model = "claude-sonnet-5-5"')),
      toolStarted('t2', 'Config', { setting: 'diffReview.focus', value: true }),
      toolResult('t2', text('Changed diffReview.focus from false to true in VS Code user settings.')),
      toolStarted('t3', 'StructuredOutput', { name: 'widgets', count: 3 }),
      toolResult('t3', text('Structured output provided successfully.')),
    );
    await expect.poll(() => rows().locator('.tool-title').allInnerTexts()).toEqual(['Read setting model', 'Set diffReview.focus to true', 'Structured output']);
    for (let i = 0; i < 3; i++) await header(i).click();
    await expect.poll(() => rows().nth(1).getByTestId('tool-output').innerText()).toContain('Changed diffReview.focus from false to true');
    await expect.poll(() => rows().nth(2).getByTestId('tool-input').innerText()).toBe('{\n  "name": "widgets",\n  "count": 3\n}');
  });

  it('ends a title too long for the row with an ellipsis inside the row, instead of running past its edge', async () => {
    const subject = 'Find every TypeScript file that defines a greeting and check how each one is exported';
    await open(toolStarted('t1', 'TaskCreate', { subject, description: 'd' }), toolResult('t1', { isError: false, text: 'Task #1 created', truncated: false }));
    const edges = () =>
      rows()
        .first()
        .evaluate((row) => {
          const title = row.querySelector('.tool-title')!;
          return { title: title.getBoundingClientRect().right, row: row.getBoundingClientRect().right, cut: title.scrollWidth > title.clientWidth, overflow: getComputedStyle(title).textOverflow };
        });
    await expect.poll(async () => (await edges()).cut).toBe(true);
    await expect.poll(async () => (await edges()).overflow).toBe('ellipsis');
    await expect.poll(async () => { const e = await edges(); return e.title <= e.row; }).toBe(true);
  });

  it('marks a tool the turn left unfinished as stopped', async () => {
    await open(toolStarted('t1', 'Bash', { command: 'sleep 100' }, 'sleep 100'), { type: 'toolStopped', toolUseId: 't1' }, finished('a1', 'stopped'), busy(false));
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('stopped');
    await expect.poll(() => rows().first().innerText()).toContain('Stopped before it finished');
  });

  it('opens and closes a tool row from the keyboard', async () => {
    await open(toolStarted('t1', 'Read', { file_path: '/work/src/app.ts' }, 'src/app.ts'), toolResult('t1', READ_RESULT));
    // The row must hold its result and be measured (Virtuoso re-renders rows it has not measured yet), or a
    // key pressed on it may land on an element that is about to be replaced.
    await expect.poll(() => header().getAttribute('aria-disabled')).toBe('false');
    await laidOut(view.page);
    await header().press('Enter');
    await expect.poll(() => header().getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => rows().first().getByTestId('tool-body').isVisible()).toBe(true);
    await header().press('Space');
    await expect.poll(() => header().getAttribute('aria-expanded')).toBe('false');
  });

  it('renders a snapshot holding tool entries exactly as the live events built it', async () => {
    const bash: ToolResultView = { isError: false, text: 'ok', truncated: false, data: { kind: 'bash', command: 'echo ok', output: 'ok', exitCode: 0 } };
    await open(
      toolStarted('t1', 'Read', { file_path: '/work/src/app.ts' }, 'src/app.ts', 'Reading src/app.ts'),
      toolResult('t1', READ_RESULT),
      toolStarted('t2', 'Edit', { file_path: '/work/src/app.ts', old_string: 'x', new_string: 'y' }, 'src/app.ts', 'Editing src/app.ts'),
      toolResult('t2', EDIT_RESULT),
      added(assistantMessage('a2', 'Now the tests.', 'streaming')),
      toolStarted('t3', 'Bash', { command: 'echo ok' }, 'echo ok', 'Running echo ok'),
      toolResult('t3', bash),
      finished('a1', 'done'),
      finished('a2', 'done'),
      busy(false),
    );
    // Compare laid-out lists only: react-virtuoso renders rows hidden until it has measured them.
    await expect.poll(() => rows().count()).toBe(3);
    await laidOut(view.page);
    const live = await settled(() => view.page.getByTestId('message-list').innerHTML());
    await view.close();

    view = await openPage();
    await view.send(
      snapshot([
        userMessage('u1', 'go'),
        assistantMessage('a1', 'Looking.'),
        toolEntry('t1', 'Read', { file_path: '/work/src/app.ts' }, READ_RESULT, 'src/app.ts', 'Reading src/app.ts'),
        toolEntry('t2', 'Edit', { file_path: '/work/src/app.ts', old_string: 'x', new_string: 'y' }, EDIT_RESULT, 'src/app.ts', 'Editing src/app.ts'),
        assistantMessage('a2', 'Now the tests.'),
        toolEntry('t3', 'Bash', { command: 'echo ok' }, bash, 'echo ok', 'Running echo ok'),
      ]),
    );
    await laidOut(view.page);
    await expect.poll(() => view.page.getByTestId('message-list').innerHTML()).toBe(live);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`looks right in a ${theme} sidebar with tool rows, a diff and code (screenshot)`, async () => {
      view = await openPage({ theme, viewport: { width: 380, height: 900 } });
      await view.send(
        snapshot([userMessage('u1', 'Fix the off-by-one in app.ts and run the tests.')]),
        busy(true),
        added(assistantMessage('a1', 'Let me look at **app.ts** first.', 'streaming')),
        toolStarted('t1', 'Read', { file_path: '/work/src/app.ts' }, 'src/app.ts', 'Reading src/app.ts'),
        toolResult('t1', READ_RESULT),
        toolStarted('t2', 'Edit', { file_path: '/work/src/app.ts', old_string: 'x', new_string: 'y' }, 'src/app.ts', 'Editing src/app.ts'),
        toolResult('t2', EDIT_RESULT),
        added(assistantMessage('a2', 'The loop now stops at `n`:\n\n```ts\nfor (let i = 0; i < n; i++) total += i;\n```', 'streaming')),
        toolStarted('t3', 'Bash', { command: 'npm test', description: 'Run the tests' }, 'npm test', 'Run the tests'),
        toolProgress('t3', { output: 'PASS src/app.test.ts\nRUNS src/b.test.ts', elapsedSeconds: 3, totalLines: 2 }),
      );
      await header(1).click();
      await view.page.locator('pre[data-highlighted="true"]').waitFor({ timeout: 10_000 });
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      const png = await view.page.screenshot({ path: join(REPO_ROOT, 'test-results', `webview-tools-${theme}.png`), animations: 'disabled' });
      expect(png.byteLength).toBeGreaterThan(5_000);
    });
  }
});


describe('webview tool rows, as the host presents the results', () => {
  const failed = (content: string) => ({ type: 'tool_result' as const, tool_use_id: 't1', content, is_error: true });

  it('shows an error as a sentence, without the <tool_use_error> tags the model reads', async () => {
    const result = presentToolResult(undefined, {}, failed('<tool_use_error>File does not exist: /work/missing.ts</tool_use_error>'), undefined);
    await open(toolStarted('t1', 'Read', { file_path: '/work/missing.ts' }, 'missing.ts'), toolResult('t1', result));
    await expect.poll(() => rows().first().getByTestId('tool-error').innerText()).toBe('File does not exist: /work/missing.ts');
    await header().click();
    await expect.poll(() => rows().first().getByTestId('tool-output').innerText()).toBe('File does not exist: /work/missing.ts');
  });

  it('shows a ToolSearch that found nothing as "No match", not as a green success', async () => {
    const none = presentToolResult(
      ToolSearchTool,
      { query: 'kubernetes' },
      { type: 'tool_result', tool_use_id: 't1', content: 'No matching deferred tools found for "kubernetes" (4 deferred tools).' },
      { query: 'kubernetes', matches: [], alreadyLoaded: [], unknown: [], totalDeferred: 4 },
    );
    const found = presentToolResult(
      ToolSearchTool,
      { query: 'select:WebFetch' },
      { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'tool_reference', tool_name: 'WebFetch' }] },
      { query: 'select:WebFetch', matches: ['WebFetch'], alreadyLoaded: [], unknown: [], totalDeferred: 4 },
    );
    await open(
      toolStarted('t1', 'ToolSearch', { query: 'kubernetes' }, 'kubernetes'),
      toolResult('t1', none),
      toolStarted('t2', 'ToolSearch', { query: 'select:WebFetch' }, 'select:WebFetch'),
      toolResult('t2', found),
    );
    const [miss, hit] = [rows().nth(0), rows().nth(1)];
    await expect.poll(() => miss.getAttribute('data-outcome')).toBe('no-match');
    await expect.poll(() => miss.getByTestId('tool-outcome').innerText()).toBe('No match');
    await expect.poll(() => miss.locator('.tool-status-icon').getAttribute('aria-label')).toBe('No match');
    await expect.poll(() => miss.locator('.tool-status-done').count()).toBe(0);
    // Not the success colour: the ring is drawn in the description colour, with no fill.
    await expect.poll(() => style(miss.locator('.tool-status-icon'), 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');
    await header(0).click();
    await expect.poll(() => miss.getByTestId('tool-search-none').innerText()).toBe('No tool matched “kubernetes”.');
    await expect.poll(() => hit.getAttribute('data-outcome')).toBeNull();
    await expect.poll(() => hit.locator('.tool-status-done').count()).toBe(1);
  });
});
