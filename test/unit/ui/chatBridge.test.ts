import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/core/chat/chatSession';
import type { HostToWebview, SetupState } from '../../../extension/protocol/messages';
import { ChatBridge } from '../../../extension/ui/chatBridge';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds, settings, tick, until } from '../support';

function setup(opts: { hasKey?: boolean; replies?: (string[] | Error)[] } = {}) {
  const log = new RecordingLogger();
  const model = new ScriptedModel(opts.replies ?? [['Hello', ' there']]);
  const session = new ChatSession({ agent: agentDeps(model), credentials: keyed, log, newId: sequentialIds() });
  const posted: HostToWebview[] = [];
  const actions = { setApiKey: 0, showLogs: 0 };
  const editor: Record<string, unknown>[] = [];
  const hasApiKey = opts.hasKey ?? true;
  const setupState = async (): Promise<SetupState> => ({ hasApiKey, keySource: hasApiKey ? 'environment' : 'none' });
  const bridge = new ChatBridge({
    session,
    settings,
    log,
    setupState,
    post: (m) => posted.push(m),
    actions: { setApiKey: () => actions.setApiKey++, showLogs: () => actions.showLogs++ },
    editor: {
      openFile: async (path, line, endLine) => void editor.push({ kind: 'openFile', path, line, endLine }),
      openLink: async (url) => void editor.push({ kind: 'openLink', url }),
      copyText: async (text) => void editor.push({ kind: 'copyText', text }),
    },
  });
  return { bridge, session, posted, log, model, actions, editor };
}

describe('ui/chatBridge', () => {
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
        setup: { hasApiKey: true, keySource: 'environment' },
        model: 'claude-test',
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
});
