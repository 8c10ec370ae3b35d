/** A ChatBridge and its chat session with the usual fakes, for the tests that drive the bridge with forged webview messages. */
import { ChatSession, type ChatSessionDeps } from '../../../../extension/conversation/chatSession';
import type { HostToWebview } from '../../../../extension/protocol/messages';
import { ChatBridge, type ChatBridgeDeps } from '../../../../extension/ui/chat/chatBridge';
import { keyed, RecordingLogger, sequentialIds, settings } from '../../support';

/** A chat session over `agent` with an API key, a recording log and ids id-1, id-2, …; `more` adds deps or replaces those. */
export function chatOver(agent: ChatSessionDeps['agent'], more: Partial<ChatSessionDeps> = {}): ChatSession {
  return new ChatSession({ agent, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds(), ...more });
}

/**
 * A bridge over `session` that records what it posts, whose setup state has a key from the environment (none with
 * `hasApiKey: false`) and whose editor actions do nothing; `deps` adds deps (approvals, plans…) or replaces those.
 */
export function bridgeOver(session: ChatSession, deps: Partial<ChatBridgeDeps> & { hasApiKey?: boolean } = {}): { bridge: ChatBridge; posted: HostToWebview[] } {
  const { hasApiKey = true, ...more } = deps;
  const posted: HostToWebview[] = [];
  const bridge = new ChatBridge({
    session,
    settings,
    log: new RecordingLogger(),
    setupState: async () => ({ hasApiKey, keySource: hasApiKey ? 'environment' : 'none' }),
    post: (m) => posted.push(m),
    actions: { setApiKey: () => {}, showLogs: () => {} },
    editor: { openFile: async () => {}, openLink: async () => {}, copyText: async () => {} },
    ...more,
  });
  return { bridge, posted };
}
