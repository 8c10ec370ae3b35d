import { describe, expect, it } from 'vitest';
import { applyAgentProgress } from '../../extension/tools/Agent/subAgentView';
import type { AgentProgressEvent } from '../../extension/core/contracts/agents';
import type { HostToWebview, SubAgentView, ToolResultView } from '../../extension/protocol/messages';
import { added, assistantMessage, busy, snapshot, toolResult, toolStarted, userMessage } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const row = () => view.page.locator('section[data-testid="tool"][data-tool="Agent"]');
const toggle = () => row().getByTestId('agent-toggle');
const children = () => row().getByTestId('agent-child');

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([userMessage('u1', 'go')]), busy(true), added(assistantMessage('a1', 'Delegating.', 'streaming')), ...events);
}

const INPUT = { description: 'Find the config', prompt: 'Where is the config loaded?', subagent_type: 'Explore' };

function agentView(over: Partial<SubAgentView> = {}): SubAgentView {
  return {
    agentId: 'agent-1',
    agentType: 'Explore',
    model: 'claude-haiku-4-5',
    description: 'Find the config',
    tokens: 1500,
    startedAt: Date.now() - 5_000,
    elapsedMs: 5_000,
    toolUses: 2,
    children: [
      { toolUseId: 'c1', toolName: 'Grep', summary: 'loadConfig', status: 'done' },
      { toolUseId: 'c2', toolName: 'Read', summary: 'src/config.ts', status: 'running' },
    ],
    earlierChildren: 0,
    latestText: 'Reading the loader.',
    ...over,
  };
}

const updated = (agent: SubAgentView): HostToWebview => ({ type: 'toolAgentUpdated', toolUseId: 't1', agent });

const REPORT: ToolResultView = {
  isError: false,
  text: '## Found it\nThe config is loaded in `src/config.ts`.',
  truncated: false,
  data: { kind: 'agent', agentType: 'Explore', model: 'claude-haiku-4-5', status: 'completed', tokens: 2400, toolUses: 3, durationMs: 65_000, report: '## Found it\nThe config is loaded in `src/config.ts`.' },
};

describe('webview sub-agent row', () => {
  it('shows a running sub-agent expanded with its type, model, tokens, a ticking clock, nested tool rows and live text', async () => {
    await open(toolStarted('t1', 'Agent', INPUT, 'Find the config'), updated(agentView()));
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => toggle().innerText()).toContain('Find the config');
    const meta = () => row().getByTestId('agent-meta').innerText();
    await expect.poll(meta).toMatch(/^Explore · claude-haiku-4-5 · 1\.5k tokens · 2 tool uses · [5-9]s$/);
    // The clock ticks on its own while the agent runs.
    await expect.poll(meta, { timeout: 5_000 }).toMatch(/ · (?:[6-9]|1\d)s$/);
    await expect.poll(() => children().allInnerTexts()).toEqual([expect.stringContaining('Grep'), expect.stringContaining('Read')]);
    await expect.poll(() => children().nth(1).innerText()).toContain('src/config.ts');
    await expect.poll(() => children().nth(1).getAttribute('data-status')).toBe('running');
    await expect.poll(() => children().nth(1).getByRole('img').getAttribute('aria-label')).toBe('Running');
    await expect.poll(() => row().getByTestId('agent-latest').innerText()).toBe('Reading the loader.');

    const more = agentView({
      toolUses: 60,
      earlierChildren: 10,
      children: [{ toolUseId: 'c2', toolName: 'Read', summary: 'src/config.ts', status: 'error' }],
      latestText: 'Almost there.',
    });
    await view.send(updated(more));
    await expect.poll(() => children().getAttribute('data-status')).toBe('error');
    await expect.poll(() => row().getByTestId('agent-earlier').innerText()).toBe('10 earlier tool uses');
    await expect.poll(() => row().getByTestId('agent-latest').innerText()).toBe('Almost there.');
  });

  it('collapses when it finishes, then opens from the keyboard to its tool rows and markdown report', async () => {
    await open(toolStarted('t1', 'Agent', INPUT, 'Find the config'), updated(agentView()));
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    const done = agentView({ elapsedMs: 65_000, children: agentView().children.map((c) => ({ ...c, status: 'done' as const })) });
    await view.send(updated(done), toolResult('t1', REPORT));
    await expect.poll(() => row().getAttribute('data-status')).toBe('done');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => row().getByTestId('agent-body').count()).toBe(0);
    await expect.poll(() => row().getByTestId('agent-latest').count()).toBe(0);
    await expect.poll(() => row().getByTestId('agent-meta').innerText()).toBe('Explore · claude-haiku-4-5 · 2.4k tokens · 3 tool uses · 1m 05s');

    await toggle().focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => row().getByTestId('agent-report').locator('h2').innerText()).toBe('Found it');
    await expect.poll(() => row().getByTestId('agent-report').locator('code').innerText()).toBe('src/config.ts');
    await expect.poll(() => children().count()).toBe(2);
    await view.page.keyboard.press('Space');
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => row().getByTestId('agent-body').count()).toBe(0);
  });

  it('restores a finished sub-agent from the snapshot with its view and report', async () => {
    view = await openPage();
    const entry = { id: 't1', role: 'tool' as const, name: 'Agent', input: INPUT, summary: 'Find the config', activity: null, status: 'done' as const, result: REPORT, agent: agentView() };
    await view.send(snapshot([userMessage('u1', 'go'), entry]));
    await expect.poll(() => toggle().getAttribute('aria-expanded')).toBe('false');
    await toggle().click();
    await expect.poll(() => row().getByTestId('agent-report').innerText()).toContain('The config is loaded in');
  });
});

describe('webview sub-agent row, folded by the host', () => {
  it('keeps a finished nested row\'s label ("Read a.txt"), not the first line of its result', async () => {
    const send = (event: AgentProgressEvent, view0: SubAgentView | undefined, at: number) =>
      applyAgentProgress(view0, { type: 'agent_progress', agentId: 'agent-1', agentType: 'Explore', model: 'claude-haiku-4-5', description: 'Read it', event }, at);
    const start = Date.now();
    const running = send({ kind: 'toolStart', toolUseId: 'c1', toolName: 'Read', summary: 'a.txt' }, undefined, start);
    const done = send({ kind: 'toolEnd', toolUseId: 'c1', isError: false, summary: '1\thello world' }, running, start + 100);
    await open(toolStarted('t1', 'Agent', INPUT, 'Read it'), updated(running));
    await expect.poll(() => children().innerText()).toMatch(/^Read\s+a\.txt$/);
    await view.send(updated(done));
    await expect.poll(() => children().getAttribute('data-status')).toBe('done');
    await expect.poll(() => children().innerText()).toMatch(/^Read\s+a\.txt$/);
  });
});
