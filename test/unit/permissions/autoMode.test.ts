/**
 * `auto` mode end to end on the fake API: an AgentSession with the real Bash, Write and Read tools, the
 * permission engine with the real classifier, and the fake answering both the main loop and the
 * classifier's side requests (told apart by the classifier's forced tool).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentSession, type AgentEvent } from '../../../extension/core/loop/session/agentSession';
import type { ShellParser } from '../../../extension/core/engines/permissions/bash';
import { createAutoModeClassifier } from '../../../extension/core/engines/permissions/classifier';
import { CLASSIFIER_TOOL_NAME } from '../../../extension/core/engines/permissions/classifierPrompt';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import { getEmptyToolPermissionContext, type PermissionResult, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import type { PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { loadBashParser } from '../../../extension/host/node/bashParser';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { getTools } from '../../../extension/tools/tools';
import { startFakeAnthropic, type FakeAnthropic, type FakeTurn, type FallbackRequest } from '../../fixtures/fake-anthropic';
import { clientFor, MODEL } from '../agent/queryHarness';
import { agentDeps, sequentialIds } from '../support';

interface ClassifierBody {
  model: string;
  tool_choice?: unknown;
  system: { text: string }[];
  messages: { content: { text: string }[] }[];
}

const isClassifierRequest = (body: Record<string, unknown>) => ((body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === CLASSIFIER_TOOL_NAME);
const verdict = (decision: 'allow' | 'block', reason: string): FakeTurn => ({ content: [{ type: 'tool_use', name: CLASSIFIER_TOOL_NAME, input: { decision, reason } }] });
const call = (name: string, input: Record<string, unknown>): FakeTurn => ({ content: [{ type: 'tool_use', name, input }] });

describe('auto mode on the fake API', { timeout: 30_000 }, () => {
  let fake: FakeAnthropic;
  let parser: ShellParser;
  const shell = new NodeShell();
  /** What the main loop answers, in order; then "done". */
  let main: FakeTurn[] = [];
  /** What the classifier answers, in order; running out fails the test loudly. */
  let verdicts: FakeTurn[] = [];
  beforeAll(async () => {
    parser = await loadBashParser();
    const route = (req: FallbackRequest): FakeTurn => {
      if (isClassifierRequest(req.body)) return verdicts.shift() ?? { content: [{ type: 'text', text: 'NO VERDICT SCRIPTED' }] };
      return main.shift() ?? { content: [{ type: 'text', text: 'done' }] };
    };
    fake = await startFakeAnthropic({ fallback: route });
  });
  afterAll(async () => {
    await shell.dispose();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    main = [];
    verdicts = [];
  });

  const classifierRequests = () => fake.requests.filter((r) => isClassifierRequest(r.body)).map((r) => r.body as unknown as ClassifierBody);

  function session(opts: { headless?: boolean; permissions?: Partial<ToolPermissionContext>; answer?: 'allow' | 'deny' } = {}) {
    const deps = agentDeps(clientFor(fake));
    let permissions: ToolPermissionContext = { ...getEmptyToolPermissionContext(), mode: 'auto', ...opts.permissions };
    const engine = createPermissionEngine({ classifier: createAutoModeClassifier() });
    const decisions: PermissionResult[] = [];
    const prompts: PermissionPrompt[] = [];
    const agent = new AgentSession({
      ...deps,
      toolPorts: { ...deps.toolPorts, shell },
      tools: getTools([], { shellParser: parser }),
      settings: () => ({ model: MODEL, maxTokens: 1024 }),
      newId: sequentialIds('auto'),
      permissions: { current: () => permissions, update: (f) => void (permissions = f(permissions)) },
      decider: async (tool, input, context) => {
        const result = await engine(tool, input, context);
        // An ask still waiting on the classifier: record what the classifier made of it.
        decisions.push(result.behavior === 'ask' && result.pendingClassifierCheck ? await result.pendingClassifierCheck.decision : result);
        return result;
      },
      ...(opts.headless
        ? { isNonInteractiveSession: true }
        : {
            askUser: async (prompt) => {
              prompts.push(prompt);
              return opts.answer === 'allow'
                ? { behavior: 'allow', updatedInput: prompt.input, decisionReason: { type: 'other', reason: 'user' } }
                : { behavior: 'deny', message: 'The user said no.', decisionReason: { type: 'other', reason: 'user' } };
            },
          }),
    });
    return { agent, cwd: deps.cwd, decisions, prompts };
  }

  async function run(agent: AgentSession, prompt: string): Promise<AgentEvent[]> {
    const events: AgentEvent[] = [];
    for await (const e of agent.runTurn(prompt)) events.push(e);
    return events;
  }

  const results = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'tool' && e.event.type === 'toolFinished' ? [e.event] : []));

  it('runs what the classifier allows, with the classifier as the reason; the side request goes to Haiku with the user request and the action', async () => {
    const s = session();
    main = [call('Bash', { command: 'truncate -s 0 made.txt' })];
    verdicts = [verdict('allow', 'Creates the file the user asked for.')];
    const events = await run(s.agent, 'Please create made.txt in the project');
    expect(existsSync(path.join(s.cwd, 'made.txt'))).toBe(true);
    expect(results(events).map((r) => r.isError)).toEqual([false]);
    expect(s.decisions).toEqual([expect.objectContaining({ behavior: 'allow', decisionReason: { type: 'classifier', classifier: 'auto-mode', reason: 'Creates the file the user asked for.' } })]);
    expect(s.prompts).toEqual([]);
    const [sent] = classifierRequests();
    expect(sent?.model).toBe('claude-haiku-5-5');
    expect(sent?.tool_choice).toEqual({ type: 'tool', name: CLASSIFIER_TOOL_NAME });
    const text = sent!.messages[0]!.content[0]!.text;
    expect(text).toContain('Please create made.txt in the project');
    expect(text).toContain('<action tool="Bash">\ntruncate -s 0 made.txt\n</action>');
  });

  it('runs a filesystem command inside the workspace as acceptEdits does, without a classifier request', async () => {
    const s = session();
    main = [call('Bash', { command: 'touch plain.txt' })];
    verdicts = [];
    await run(s.agent, 'Please create plain.txt');
    expect(existsSync(path.join(s.cwd, 'plain.txt'))).toBe(true);
    expect(s.decisions).toEqual([expect.objectContaining({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'auto' } })]);
    expect(classifierRequests()).toEqual([]);
  });

  it('asks the user when the classifier blocks, showing that it did and why; the user refusing means nothing runs', async () => {
    const s = session();
    main = [call('Bash', { command: 'truncate -s 0 unwanted.txt' })];
    verdicts = [verdict('block', 'The user did not ask for this file.')];
    const events = await run(s.agent, 'Summarise the README');
    expect(s.prompts).toHaveLength(1);
    expect(s.prompts[0]).toMatchObject({
      message: expect.stringContaining('The auto-mode classifier blocked this Bash call: The user did not ask for this file.'),
      decisionReason: { type: 'classifier', reason: 'blocked it: The user did not ask for this file.' },
    });
    expect(existsSync(path.join(s.cwd, 'unwanted.txt'))).toBe(false);
    expect(results(events).map((r) => r.isError)).toEqual([true]);
  });

  it('runs a blocked call the user then allows', async () => {
    const s = session({ answer: 'allow' });
    main = [call('Bash', { command: 'truncate -s 0 wanted.txt' })];
    verdicts = [verdict('block', 'Unclear.')];
    await run(s.agent, 'make wanted.txt');
    expect(s.prompts).toHaveLength(1);
    expect(existsSync(path.join(s.cwd, 'wanted.txt'))).toBe(true);
  });

  it('denies a blocked call in a headless session, telling the model why', async () => {
    const s = session({ headless: true });
    main = [call('Bash', { command: 'truncate -s 0 headless.txt' })];
    verdicts = [verdict('block', 'Not requested.')];
    const events = await run(s.agent, 'Summarise the README');
    expect(existsSync(path.join(s.cwd, 'headless.txt'))).toBe(false);
    const [result] = results(events);
    expect(result?.isError).toBe(true);
    expect(JSON.stringify(result?.result.content)).toContain('Bash was blocked by the auto-mode classifier: Not requested.');
    expect(s.decisions[0]).toMatchObject({ behavior: 'deny', decisionReason: { type: 'classifier' } });
  });

  it('never sends a protected path to the classifier: .git/config and .claude/settings.json are asked about as safety checks', async () => {
    const s = session();
    mkdirSync(path.join(s.cwd, '.git'));
    writeFileSync(path.join(s.cwd, '.git', 'config'), '[core]\n');
    main = [
      call('Read', { file_path: path.join(s.cwd, '.git', 'config') }),
      call('Write', { file_path: path.join(s.cwd, '.git', 'config'), content: '[core]\n\thooksPath = /tmp/evil\n' }),
      call('Write', { file_path: path.join(s.cwd, '.claude', 'settings.json'), content: '{"permissions":{"allow":["Bash"]}}' }),
    ];
    await run(s.agent, 'tidy the repo');
    expect(classifierRequests()).toEqual([]);
    expect(s.prompts.map((p) => p.decisionReason?.type)).toEqual(['safetyCheck', 'safetyCheck']);
    expect(readFileSync(path.join(s.cwd, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(path.join(s.cwd, '.claude', 'settings.json'))).toBe(false);
  });

  it('never sends read-only actions or what a deny rule covers to the classifier', async () => {
    const s = session({ permissions: { alwaysDenyRules: { localSettings: ['Bash(truncate:*)'] } } });
    writeFileSync(path.join(s.cwd, 'notes.md'), 'hello\n');
    main = [call('Bash', { command: 'ls -la' }), call('Read', { file_path: path.join(s.cwd, 'notes.md') }), call('Bash', { command: 'truncate -s 0 denied.txt' })];
    const events = await run(s.agent, 'look around');
    expect(classifierRequests()).toEqual([]);
    expect(s.prompts).toEqual([]);
    expect(results(events).map((r) => r.isError)).toEqual([false, false, true]);
    expect(s.decisions.map((d) => d.behavior)).toEqual(['allow', 'allow', 'deny']);
    expect(existsSync(path.join(s.cwd, 'denied.txt'))).toBe(false);
  });

  it('asks without the classifier after three blocks the user refused in a row', async () => {
    const s = session();
    main = [1, 2, 3, 4].map((n) => call('Bash', { command: `truncate -s 0 try${n}.txt` }));
    verdicts = [1, 2, 3].map((n) => verdict('block', `Block number ${n}.`));
    await run(s.agent, 'Summarise the README');
    expect(classifierRequests()).toHaveLength(3);
    expect(s.prompts.map((p) => p.decisionReason)).toEqual([
      ...[1, 2, 3].map((n) => ({ type: 'classifier', classifier: 'auto-mode', reason: `blocked it: Block number ${n}.` })),
      { type: 'classifier', classifier: 'auto-mode', reason: 'not consulted after 3 denials in a row (3 in all), so asking instead' },
    ]);
  });

  it('counts denials for the whole session, not per turn: a third refusal in the next turn is the third in a row', async () => {
    const s = session();
    verdicts = [1, 2, 3].map((n) => verdict('block', `Block number ${n}.`));
    main = [1, 2].map((n) => call('Bash', { command: `truncate -s 0 first${n}.txt` }));
    await run(s.agent, 'Summarise the README');
    main = [3, 4].map((n) => call('Bash', { command: `truncate -s 0 second${n}.txt` }));
    await run(s.agent, 'Now the CHANGELOG');
    expect(classifierRequests()).toHaveLength(3);
    expect(s.prompts.map((p) => (p.decisionReason?.type === 'classifier' ? p.decisionReason.reason : ''))).toEqual([
      'blocked it: Block number 1.',
      'blocked it: Block number 2.',
      'blocked it: Block number 3.',
      'not consulted after 3 denials in a row (3 in all), so asking instead',
    ]);
  });

  it('treats a classifier API error or a malformed answer as a block: asked interactively, never run unasked', async () => {
    const s = session();
    main = [call('Bash', { command: 'truncate -s 0 err1.txt' }), call('Bash', { command: 'truncate -s 0 err2.txt' }), call('Bash', { command: 'truncate -s 0 err3.txt' })];
    verdicts = [
      { content: [], fault: { kind: 'http', status: 500, message: 'classifier exploded' } },
      { content: [{ type: 'text', text: '{"decision": "allow"}' }] },
      { content: [{ type: 'tool_use', name: CLASSIFIER_TOOL_NAME, input: { decision: 'yes please', reason: 'x' } }] },
    ];
    await run(s.agent, 'Summarise the README');
    const reasons = s.prompts.map((p) => (p.decisionReason?.type === 'classifier' ? p.decisionReason.reason : ''));
    expect(reasons[0]).toMatch(/^blocked it: the classifier could not be reached \(.*classifier exploded/);
    expect(reasons.slice(1)).toEqual([`blocked it: the classifier gave no decision (it did not call ${CLASSIFIER_TOOL_NAME})`, 'blocked it: the classifier gave a malformed decision']);
    for (const n of [1, 2, 3]) expect(existsSync(path.join(s.cwd, `err${n}.txt`))).toBe(false);
  });
});
