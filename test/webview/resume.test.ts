/**
 * A resumed chat in the page: the host rebuilds the rows of a stored session (extension/conversation/replay.ts) and sends
 * them in the snapshot; every row renders as it did live: labels, inputs, results, the error, the plan and the
 * answered question, the sub-agent with its nested rows.
 */
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../extension/conversation/replay';
import { TOOL_RECORD, TURN_RECORD } from '../../extension/conversation/rowRecords';
import type { TimelineItem } from '../../extension/core/engines/transcripts/transcript';
import { AgentTool } from '../../extension/tools/Agent/Agent';
import { AskUserQuestionTool } from '../../extension/tools/AskUserQuestion/AskUserQuestion';
import { ExitPlanModeTool } from '../../extension/tools/ExitPlanMode/ExitPlanMode';
import { GrepTool } from '../../extension/tools/Grep/Grep';
import { ReadTool } from '../../extension/tools/Read/Read';
import { colour } from '../fixtures/questions';
import { snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

const AGENT_ID = 'aexplore-0123456789abcdef';
const PLAN = '## Steps\n\n1. Read the config\n2. Ask about the colour';

const message = (uuid: string, m: Extract<TimelineItem, { kind: 'message' }>['message']): TimelineItem => ({ kind: 'message', uuid, message: m });
const record = (data: Record<string, unknown>): TimelineItem => ({ kind: 'event', name: TOOL_RECORD, data });

/** A session as its transcript holds it: the messages, and the records the live rows left. */
const TIMELINE: TimelineItem[] = [
  message('p1', { role: 'user', content: 'check the config' }),
  message('a1', { role: 'assistant', content: [{ type: 'text', text: 'Here is my plan.' }, { type: 'tool_use', id: 'plan', name: 'ExitPlanMode', input: { plan: PLAN } }] }),
  record({ toolUseId: 'plan', name: 'ExitPlanMode', summary: null, activity: 'Waiting for you to approve the plan', chars: 40, data: { kind: 'plan', plan: PLAN, outcome: 'approved', mode: 'acceptEdits' } }),
  message('r1', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'plan', content: 'User has approved your plan. You can now start coding.' }] }),
  message('a2', {
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 'read', name: 'Read', input: { file_path: '/ws/src/config.ts' } },
      { type: 'tool_use', id: 'gone', name: 'Read', input: { file_path: '/ws/missing.ts' } },
    ],
  }),
  record({ toolUseId: 'read', name: 'Read', summary: 'src/config.ts', activity: 'Reading src/config.ts', chars: 21, data: { kind: 'read', filePath: '/ws/src/config.ts', startLine: 1, endLine: 1 } }),
  record({ toolUseId: 'gone', name: 'Read', summary: 'missing.ts', activity: 'Reading missing.ts', chars: 35 }),
  message('r2', {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'read', content: '1\texport const a = 1;' },
      { type: 'tool_result', tool_use_id: 'gone', content: 'File does not exist: /ws/missing.ts', is_error: true },
    ],
  }),
  message('a3', { role: 'assistant', content: [{ type: 'tool_use', id: 'agent', name: 'Agent', input: { description: 'Find callers', prompt: 'Who calls a?', subagent_type: 'Explore' } }] }),
  record({
    toolUseId: 'agent',
    name: 'Agent',
    summary: 'Find callers',
    activity: 'Running Explore',
    chars: 200,
    agentId: AGENT_ID,
    data: { kind: 'agent', agentType: 'Explore', model: 'claude-haiku-4-5', status: 'completed', tokens: 120, toolUses: 1, durationMs: 3000, report: 'Nobody calls it.' },
  }),
  message('r3', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'agent', content: `Nobody calls it.\n\nagentId: ${AGENT_ID} (Explore; tool uses: 1, tokens: 120, duration: 3.0s)` }] }),
  message('a4', { role: 'assistant', content: [{ type: 'tool_use', id: 'ask', name: 'AskUserQuestion', input: { questions: [colour] } }] }),
  record({ toolUseId: 'ask', name: 'AskUserQuestion', summary: 'Colour', activity: 'Asking you', chars: 60, data: { kind: 'questions', declined: false, items: [{ question: colour.question, header: 'Colour', selected: ['Blue'] }] } }),
  message('r4', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ask', content: 'User has answered your questions: "Which colour should the button be?"="Blue".' }] }),
  message('a5', { role: 'assistant', content: [{ type: 'text', text: 'Blue it is.' }] }),
  { kind: 'event', name: TURN_RECORD, data: { status: 'error', error: 'Overloaded: the API is busy.', prompt: 'p1' } },
];

function subAgentTranscript(): string {
  const lines = [
    { type: 'agent', agentId: AGENT_ID, agentType: 'Explore', description: 'Find callers', model: 'claude-haiku-4-5', sessionId: 's', cwd: '/ws', startedAt: '2026-01-01T00:00:00.000Z' },
    { type: 'message', message: { role: 'user', content: 'Who calls a?' } },
    { type: 'message', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'g1', name: 'Grep', input: { pattern: 'a\\(' } }] } },
    { type: 'message', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'g1', content: 'No matches found' }] } },
    { type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'Nobody calls it.' }] } },
    { type: 'end', status: 'completed', toolUses: 1, durationMs: 3000, usage: { inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 } },
  ];
  return lines.map((l) => JSON.stringify(l)).join('\n');
}

const row = (id: string) => view.page.locator(`section[data-testid="tool"]`).nth(['plan', 'read', 'gone', 'agent', 'ask'].indexOf(id));

describe('webview resumed chat', () => {
  it('renders every rebuilt row of a resumed session as the live chat did', async () => {
    const entries = await replaySession(TIMELINE, {
      tools: [ReadTool, GrepTool, ExitPlanModeTool, AskUserQuestionTool, AgentTool],
      cwd: '/ws',
      newId: (() => {
        let n = 0;
        return () => `e${++n}`;
      })(),
      readStored: async (file) => (file === `agents/${AGENT_ID}.jsonl` ? subAgentTranscript() : undefined),
    });
    view = await openPage();
    await view.send(snapshot(entries));

    const rows = view.page.locator('section[data-testid="tool"]');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-tool')}:${e.getAttribute('data-status')}`))).toEqual([
      'ExitPlanMode:done',
      'Read:done',
      'Read:error',
      'Agent:done',
      'AskUserQuestion:done',
    ]);
    await expect.poll(() => view.page.locator('[data-testid="message"][data-role="user"]').allInnerTexts()).toEqual([expect.stringContaining('check the config')]);

    // The plan, approved, and the answered question, each open on a click.
    await row('plan').locator('.tool-header').click();
    await expect.poll(() => row('plan').getByTestId('plan-outcome').innerText()).toContain('Approved');
    await expect.poll(() => row('plan').getByTestId('plan-result').locator('h2').innerText()).toBe('Steps');
    await row('ask').locator('.tool-header').click();
    await expect.poll(() => row('ask').getByTestId('question-answer').allInnerTexts()).toEqual(['Blue']);

    // The Read with its label and a link to the line it read; the failed one with its error line.
    await expect.poll(() => row('read').locator('.tool-header').innerText()).toContain('src/config.ts');
    await row('read').locator('.tool-header').click();
    await expect.poll(() => row('read').getByTestId('tool-body').innerText()).toBe('/ws/src/config.ts:1 1 line');
    await expect.poll(() => row('gone').getByTestId('tool-error').innerText()).toContain('File does not exist: /ws/missing.ts');

    // The sub-agent, closed as a finished one is, with its nested Grep row from its own transcript.
    const agent = row('agent');
    await expect.poll(() => agent.getByTestId('agent-meta').innerText()).toBe('Explore · claude-haiku-4-5 · 120 tokens · 1 tool use · 3s');
    await agent.getByTestId('agent-toggle').click();
    await expect.poll(() => agent.getByTestId('agent-child').allInnerTexts()).toEqual([expect.stringMatching(/^Grep\s+"a\\\("$/)]);
    await expect.poll(() => agent.getByTestId('agent-child').getAttribute('data-status')).toBe('done');

    // How the turn ended, under its last reply.
    await expect.poll(() => view.page.locator('[data-testid="message"][data-role="assistant"]').last().innerText()).toContain('Overloaded: the API is busy.');
  });
});
