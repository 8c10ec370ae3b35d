import { describe, expect, it } from 'vitest';
import { ChatSession, type ChatEvent } from '../../../extension/conversation/chatSession';
import type { CommandLoader } from '../../../extension/core/contracts/commands';
import type { PromptCommand } from '../../../extension/core/contracts/commands';
import type { Message } from '../../../extension/core/base/messages';
import type { ModelClient } from '../../../extension/core/contracts/modelClient';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../support';

const deploy: PromptCommand = {
  type: 'prompt',
  name: 'deploy',
  description: 'Deploy to an environment',
  argumentHint: '<env>',
  source: 'project',
  loadedFrom: '/ws/.claude/commands/deploy.md',
  allowedTools: ['Bash(./deploy.sh:*)'],
  model: 'haiku',
  progressMessage: 'deploying',
  contentLength: 20,
  getPromptForCommand: async (args) => [{ type: 'text', text: `Deploy to ${args} with ./deploy.sh` }],
};

function make(opts: { replies?: string[][]; loader?: CommandLoader; listModels?: () => Promise<string[]> } = {}) {
  const scripted = new ScriptedModel(opts.replies ?? [['ok']]);
  const seenRules: (readonly string[] | undefined)[] = [];
  const model: ModelClient = {
    stream: (request) => {
      seenRules.push(session.sessions.agentSession.appState.getState().toolPermissionContext.alwaysAllowRules.command);
      return scripted.stream(request);
    },
  };
  const log = new RecordingLogger();
  const session: ChatSession = new ChatSession({
    agent: agentDeps(model),
    credentials: keyed,
    log,
    newId: sequentialIds(),
    ...(opts.loader || opts.listModels ? { commands: { ...(opts.loader ? { loaders: [opts.loader] } : {}), ...(opts.listModels ? { listModels: opts.listModels } : {}) } } : {}),
  });
  const events: ChatEvent[] = [];
  session.onEvent((e) => events.push(e));
  return { session, events, log, requests: scripted.requests, seenRules };
}

const texts = (session: ChatSession) => session.messages().map((m) => `${m.role}: ${m.text}${m.error ? ` [${m.error}]` : ''}`);
const firstText = (m: Message | undefined) => (typeof m?.content === 'string' ? m.content : m?.content.map((b) => ('text' in b ? b.text : '')).join(''));

describe('chat/chatCommands', () => {
  it('answers an unknown command with the closest names and sends nothing to the model', async () => {
    const { session, requests } = make();
    await session.send('/comapct now');
    expect(requests).toHaveLength(0);
    expect(texts(session)).toEqual(['user: /comapct now', 'assistant: Unknown command: /comapct. Did you mean /compact? Type /help to list the commands.']);
    expect(session.history).toEqual([]);
  });

  it("lists the host's models (the table plus the API's list) for /model, without asking the model", async () => {
    const { session, requests } = make({ listModels: async () => ['claude-sonnet-5-5', 'claude-from-the-api-list'] });
    await session.send('/model');
    expect(requests).toHaveLength(0);
    expect(texts(session).at(-1)).toContain('claude-from-the-api-list');
  });

  it('sends a prompt that only looks like a path to the model as typed', async () => {
    const { session, requests } = make();
    await session.send('/usr/bin/env is missing, why?');
    expect(requests).toHaveLength(1);
    expect(firstText(requests[0]?.messages[0])).toBe('/usr/bin/env is missing, why?');
  });

  it('runs a local command in the host: its text is the reply and the model is not called', async () => {
    const { session, requests, events } = make();
    await session.send('/compact');
    await session.send('/cost');
    expect(requests).toHaveLength(0);
    expect(texts(session)).toEqual(['user: /compact', 'assistant: Nothing to compact yet.', 'user: /cost', 'assistant: No requests yet in this session: $0.00.']);
    expect(events.filter((e) => e.type === 'busyChanged').map((e) => e.type === 'busyChanged' && e.busy)).toEqual([true, false, true, false]);
  });

  it('reports the cost of the turns so far', async () => {
    const { session } = make({ replies: [['hello']] });
    await session.send('hi');
    await session.send('/cost');
    expect(session.messages().at(-1)?.text).toMatch(/^Total cost: \$0\.\d{4} \(list prices\)\nRequests: 1\nTokens: 1 input, 1 output/);
  });

  it('starts a new conversation on /clear', async () => {
    const { session, events } = make({ replies: [['hello']] });
    await session.send('hi');
    const before = session.sessionId;
    await session.send('/clear');
    expect(session.sessionId).not.toBe(before);
    expect(session.messages()).toEqual([]);
    expect(events.some((e) => e.type === 'reset')).toBe(true);
  });

  it("sends a prompt command's expansion with its model, and allows its tools for that turn only", async () => {
    const loader: CommandLoader = async () => ({ commands: [deploy], problems: [] });
    const { session, requests, seenRules } = make({ replies: [['deploying'], ['plain']], loader });
    await session.send('/deploy staging');
    await session.send('and now?');
    expect(texts(session)[0]).toBe('user: /deploy staging');
    expect(firstText(requests[0]?.messages[0])).toBe('Deploy to staging with ./deploy.sh');
    expect(requests[0]?.model).toBe('claude-haiku-5-5');
    expect(requests[1]?.model).toBe('claude-test');
    expect(seenRules).toEqual([['Bash(./deploy.sh:*)'], undefined]);
    expect(session.sessions.agentSession.appState.getState().toolPermissionContext.alwaysAllowRules.command).toBeUndefined();
  });

  it('opens a panel command as a panelOpened event, with no chat entries and no model call', async () => {
    const { session, events, requests } = make();
    await session.send('/context');
    expect(requests).toHaveLength(0);
    expect(session.messages()).toEqual([]);
    const opened = events.find((e) => e.type === 'panelOpened');
    expect(opened).toMatchObject({ type: 'panelOpened', view: { panel: 'context', model: 'claude-test', window: 200_000 } });
    const labels = opened?.type === 'panelOpened' && opened.view.panel === 'context' ? opened.view.parts.map((p) => p.label) : [];
    expect(labels).toEqual(['System prompt', 'Tool definitions', 'Memory files', 'Skills', 'Messages']);
  });

  it('gives /context the figure the usage line shows, once a request measured it', async () => {
    const scripted = new ScriptedModel([['ok']]);
    const measured = { inputTokens: 2_000, outputTokens: 300, cacheReadInputTokens: 500, cacheCreationInputTokens: 0 };
    const model: ModelClient = {
      async *stream(request) {
        for await (const e of scripted.stream(request)) yield e.type === 'messageStart' || e.type === 'messageComplete' ? { ...e, usage: measured } : e;
      },
    };
    const session = new ChatSession({ agent: agentDeps(model), credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    const events: ChatEvent[] = [];
    session.onEvent((e) => events.push(e));
    await session.send('hi');
    await session.send('/context');
    const usage = events.findLast((e) => e.type === 'usage');
    const opened = events.find((e) => e.type === 'panelOpened');
    const view = opened?.type === 'panelOpened' && opened.view.panel === 'context' ? opened.view : undefined;
    expect(view?.used).toBe(2_800);
    expect(usage?.type === 'usage' && usage.usage.contextFill).toBe(2_800 / 200_000);
    expect((view?.used ?? 0) / (view?.window ?? 1)).toBe(usage?.type === 'usage' && usage.usage.contextFill);
  });

  it('announces a changed command list and the setup problems, logging each problem once', async () => {
    let commands: PromptCommand[] = [];
    const loader: CommandLoader = async () => ({ commands, problems: [{ kind: 'command', path: '/ws/.claude/commands/bad.md', line: 2, message: 'unclosed front matter' }] });
    const { session, events, log } = make({ loader });
    expect(session.commands.list().map((c) => c.name)).not.toContain('deploy');
    commands = [deploy];
    await session.commands.refresh();
    await session.commands.refresh();
    expect(events.filter((e) => e.type === 'commandsChanged')).toHaveLength(1);
    expect(session.commands.list().find((c) => c.name === 'deploy')).toEqual({ name: 'deploy', description: 'Deploy to an environment', argumentHint: '<env>', source: 'project' });
    expect(events.filter((e) => e.type === 'configProblems')).toEqual([
      { type: 'configProblems', problems: [{ kind: 'command', path: '/ws/.claude/commands/bad.md', line: 2, message: 'unclosed front matter' }] },
    ]);
    expect(log.lines.filter((l) => l.message.includes('bad.md'))).toEqual([{ level: 'warn', message: 'Skipped command: /ws/.claude/commands/bad.md:2: unclosed front matter' }]);
  });

  it('shows a failing prompt command as an error and sends nothing', async () => {
    const broken: PromptCommand = {
      ...deploy,
      name: 'broken',
      getPromptForCommand: async () => {
        throw new Error('@missing.md does not exist');
      },
    };
    const { session, requests } = make({ loader: async () => ({ commands: [broken], problems: [] }) });
    await session.send('/broken');
    expect(requests).toHaveLength(0);
    expect(session.messages()[1]).toMatchObject({ role: 'assistant', status: 'error', error: '/broken failed: @missing.md does not exist' });
  });
});
