import { describe, expect, it } from 'vitest';
import type { ChatEvent, ChatSession } from '../../../../extension/conversation/chatSession';
import { parseHostToWebview } from '../../../../extension/protocol/messages';
import { agentDeps, RecordingLogger, ScriptedModel, tick, until } from '../../support';
import { bridgeOver, chatOver } from './bridgeHarness';

/** A bridge over `session` that records what it posts and the editor actions it asks for. */
function connect(session: ChatSession, log: RecordingLogger, hasApiKey: boolean, isLive?: () => boolean) {
  const actions = { setApiKey: 0, showLogs: 0 };
  const editor: Record<string, unknown>[] = [];
  const { bridge, posted } = bridgeOver(session, {
    log,
    hasApiKey,
    ...(isLive ? { isLive } : {}),
    actions: { setApiKey: () => actions.setApiKey++, showLogs: () => actions.showLogs++ },
    editor: {
      openFile: async (path, line, endLine) => void editor.push({ kind: 'openFile', path, line, endLine }),
      openLink: async (url) => void editor.push({ kind: 'openLink', url }),
      copyText: async (text) => void editor.push({ kind: 'copyText', text }),
    },
  });
  return { bridge, posted, actions, editor };
}

function setup(opts: { hasKey?: boolean; replies?: (string[] | Error)[]; manual?: boolean } = {}) {
  const log = new RecordingLogger();
  const model = new ScriptedModel(opts.replies ?? [['Hello', ' there']], opts.manual);
  const session = chatOver(agentDeps(model), { log });
  return { session, log, model, ...connect(session, log, opts.hasKey ?? true) };
}

describe('ui/chat/chatBridge', () => {
  it('drops a malformed message, logs it, and never acts on it', async () => {
    const { bridge, posted, log, model } = setup();
    expect(bridge.receive({ type: 'sendPrompt', text: 'hi', extra: 'forged' })).toBe(false);
    expect(bridge.receive({ type: 'sendPrompt', text: 7 })).toBe(false);
    expect(bridge.receive('sendPrompt')).toBe(false);
    await tick();
    expect(model.requests).toHaveLength(0);
    expect(posted).toHaveLength(0);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(3);
    expect(log.lines[0]?.message).toMatch(/Dropped a malformed webview message/);
  });

  it('answers ready with a snapshot of the conversation', async () => {
    const { bridge, posted } = setup();
    expect(bridge.receive({ type: 'ready' })).toBe(true);
    await tick();
    expect(posted).toEqual([
      {
        type: 'sessionSnapshot',
        sessionId: 'id-1',
        entries: [],
        busy: false,
        permissionMode: 'default',
        commands: expect.arrayContaining([
          { name: 'compact', description: expect.stringContaining('Summarize'), argumentHint: '[instructions for the summary]', source: 'builtin' },
          { name: 'clear', description: expect.stringContaining('new conversation'), source: 'builtin' },
          { name: 'context', description: expect.any(String), source: 'builtin' },
        ]),
        configProblems: [],
        tasks: [],
        setup: { hasApiKey: true, keySource: 'environment' },
        model: 'claude-test',
        todos: [],
        workList: [],
        queue: [],
      },
    ]);
  });

  it('streams a prompt through the session as protocol events', async () => {
    const { bridge, posted } = setup();
    bridge.receive({ type: 'sendPrompt', text: 'hello' });
    await until(() => posted.some((p) => p.type === 'busyChanged' && !p.busy));
    expect(posted.filter((p) => p.type !== 'status' && p.type !== 'usage').map((p) => p.type)).toEqual([
      'busyChanged',
      'messageAdded',
      'messageAdded',
      'assistantDelta',
      'assistantDelta',
      'messageFinished',
      'busyChanged',
    ]);
    expect(posted.find((p) => p.type === 'usage')).toMatchObject({ usage: { inputTokens: 1, outputTokens: 1 } });
    const deltas = posted.flatMap((p) => (p.type === 'assistantDelta' ? [p.text] : []));
    expect(deltas.join('')).toBe('Hello there');
  });

  it('re-sends the snapshot after a prompt is sent without a key instead of calling the model', async () => {
    const { bridge, posted, model } = setup({ hasKey: false });
    bridge.receive({ type: 'sendPrompt', text: 'hello' });
    await tick();
    expect(model.requests).toHaveLength(0);
    expect(posted).toEqual([{ type: 'setupChanged', setup: { hasApiKey: false, keySource: 'none' } }]);
  });

  it('routes setApiKey and showLogs to the editor actions', async () => {
    const { bridge, actions } = setup();
    bridge.receive({ type: 'setApiKey' });
    bridge.receive({ type: 'showLogs' });
    await tick();
    expect(actions).toEqual({ setApiKey: 1, showLogs: 1 });
  });

  it('starts a new chat with a fresh, empty snapshot', async () => {
    const { bridge, posted, session } = setup();
    await session.send('first');
    posted.length = 0;
    bridge.receive({ type: 'newChat' });
    await tick();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ type: 'sessionSnapshot', entries: [] });
    expect(session.messages()).toEqual([]);
  });

  it('routes openFile, openLink and copyText to the editor with their arguments', async () => {
    const { bridge, editor } = setup();
    expect(bridge.receive({ type: 'openFile', path: 'src/app.ts', line: 3, endLine: 9 })).toBe(true);
    expect(bridge.receive({ type: 'openLink', url: 'https://example.com' })).toBe(true);
    expect(bridge.receive({ type: 'copyText', text: 'const a = 1;' })).toBe(true);
    expect(bridge.receive({ type: 'openFile', path: '' })).toBe(false);
    expect(bridge.receive({ type: 'openFile', path: 'a.ts', line: 0 })).toBe(false);
    await tick();
    expect(editor).toEqual([
      { kind: 'openFile', path: 'src/app.ts', line: 3, endLine: 9 },
      { kind: 'openLink', url: 'https://example.com' },
      { kind: 'copyText', text: 'const a = 1;' },
    ]);
  });

  it('forwards tool and thinking events as protocol messages that parse', async () => {
    const { posted, session } = setup();
    const state = (session as unknown as { state: { emit(e: ChatEvent): void } }).state;
    const forward = state.emit.bind(state);
    forward({ type: 'toolUseStarted', toolUseId: 't1', name: 'Read', input: { file_path: 'a.ts' }, summary: 'a.ts', activity: 'Reading a.ts' });
    forward({ type: 'toolProgress', toolUseId: 't1', progress: { message: 'halfway' } });
    forward({ type: 'toolResult', toolUseId: 't1', result: { isError: false, text: '1\tx', truncated: false, data: { kind: 'read', filePath: '/w/a.ts', startLine: 1, endLine: 1 } } });
    forward({ type: 'toolStopped', toolUseId: 't2' });
    forward({ type: 'thinkingDelta', messageId: 'a1', text: 'hmm' });
    await tick();
    expect(posted.map((p) => p.type)).toEqual(['toolUseStarted', 'toolProgress', 'toolResult', 'toolStopped', 'thinkingDelta']);
    for (const p of posted) expect(parseHostToWebview(p)).toEqual({ ok: true, message: p });
  });

  it('answers ready after a turn with a snapshot that parses', async () => {
    const { bridge, posted } = setup({ replies: [['Hi']] });
    bridge.receive({ type: 'sendPrompt', text: 'hello' });
    await until(() => posted.some((p) => p.type === 'busyChanged' && !p.busy));
    posted.length = 0;
    bridge.receive({ type: 'ready' });
    await tick();
    const snap = posted[0];
    expect(snap?.type).toBe('sessionSnapshot');
    expect(parseHostToWebview(snap)).toEqual({ ok: true, message: snap });
  });

  it('Stop hands the queued prompts back to the composer, images included, in a message that parses', async () => {
    const png = { kind: 'image' as const, mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    const { bridge, posted, model } = setup({ replies: [['slow']], manual: true });
    bridge.receive({ type: 'sendPrompt', text: 'one' });
    await until(() => model.waiting === 1);
    bridge.receive({ type: 'sendPrompt', text: 'two', attachments: [png] });
    bridge.receive({ type: 'sendPrompt', text: 'three' });
    await until(() => posted.some((p) => p.type === 'queueChanged' && p.queue.length === 2));
    bridge.receive({ type: 'stop' });
    await until(() => posted.some((p) => p.type === 'busyChanged' && !p.busy));
    const returned = posted.filter((p) => p.type === 'promptsReturned');
    expect(returned).toEqual([{ type: 'promptsReturned', returned: { text: 'two\n\nthree', images: [png] } }]);
    expect(parseHostToWebview(returned[0])).toEqual({ ok: true, message: returned[0] });
    expect(model.requests).toHaveLength(1);
    // Delivered once: a later snapshot does not repeat it.
    posted.length = 0;
    bridge.receive({ type: 'ready' });
    await tick();
    expect(posted[0]).not.toHaveProperty('returned');
  });

  it('queues a prompt sent mid-turn without interrupting anything, and interrupts only for "Send now"', async () => {
    const { bridge, session, model } = setup({ replies: [['slow']], manual: true });
    let interrupts = 0;
    const agent = session.sessions.agentSession;
    const interrupt = agent.interrupt.bind(agent);
    agent.interrupt = () => {
      interrupts++;
      interrupt();
    };
    const done = session.submit('one');
    await until(() => model.waiting === 1);
    expect(bridge.receive({ type: 'sendPrompt', text: 'after this step' })).toBe(true);
    await until(() => session.queue.queued().length === 1);
    expect(interrupts).toBe(0);
    expect(bridge.receive({ type: 'sendPrompt', text: 'now', interrupt: true })).toBe(true);
    await until(() => session.queue.queued().length === 2);
    expect(interrupts).toBe(1);
    session.stop();
    await done;
  });

  it('keeps prompts a Stop handed back while no view was open, for the next snapshot only', async () => {
    const { bridge, session, model } = setup({ replies: [['slow']], manual: true });
    bridge.dispose();
    const done = session.submit('one');
    await until(() => model.waiting === 1);
    await session.submit('typed while the view was hidden');
    session.stop();
    await done;
    const { bridge: next, posted } = connect(session, new RecordingLogger(), true);
    next.receive({ type: 'ready' });
    next.receive({ type: 'ready' });
    await until(() => posted.length === 2);
    expect(posted[0]).toMatchObject({ type: 'sessionSnapshot', returned: { text: 'typed while the view was hidden', images: [] } });
    expect(parseHostToWebview(posted[0]).ok).toBe(true);
    expect(posted[1]).not.toHaveProperty('returned');
    next.dispose();
  });

  it('holds prompts a Stop handed back while the view is hidden (its page gone) until the page is back', async () => {
    const log = new RecordingLogger();
    const model = new ScriptedModel([['slow']], true);
    const session = chatOver(agentDeps(model), { log });
    let live = false;
    const { bridge, posted } = connect(session, log, true, () => live);
    const done = session.submit('one');
    await until(() => model.waiting === 1);
    await session.submit('two');
    session.stop();
    await done;
    expect(posted.filter((p) => p.type === 'promptsReturned')).toEqual([]);
    live = true;
    bridge.receive({ type: 'ready' });
    await until(() => posted.some((p) => p.type === 'sessionSnapshot'));
    expect(posted.find((p) => p.type === 'sessionSnapshot')).toMatchObject({ returned: { text: 'two', images: [] } });
    bridge.dispose();
  });

  it('keeps the draft images the page reports for its next snapshot, and refuses malformed ones', async () => {
    const png = { kind: 'image' as const, name: 'shot.png', mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    const { bridge, posted, log } = setup();
    expect(bridge.receive({ type: 'draftImages', images: [png, png] })).toBe(true);
    expect(bridge.receive({ type: 'draftImages', images: [{ ...png, data: 'not base64!' }] })).toBe(false);
    expect(bridge.receive({ type: 'draftImages', images: Array.from({ length: 21 }, () => png) })).toBe(false);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    bridge.receive({ type: 'ready' });
    await until(() => posted.length === 1);
    expect(posted[0]).toMatchObject({ type: 'sessionSnapshot', draftImages: [png, png] });
    expect(parseHostToWebview(posted[0]).ok).toBe(true);
    // Sent or removed: the page reports none, and the next page gets none.
    bridge.receive({ type: 'draftImages', images: [] });
    bridge.receive({ type: 'ready' });
    await until(() => posted.length === 2);
    expect(posted[1]).not.toHaveProperty('draftImages');
  });
});
