/** Chooses the screen: loading until the host's snapshot, setup until there is an API key, then chat. */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { createExpansionStore, ExpansionContext } from '../state/expansion';
import type { ChatMessage } from '../../extension/protocol/messages';
import type { ChatStore } from '../state/store';
import type { HostBridge } from '../vscodeApi';
import { ActionsContext, actionsFor } from './actions';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { PermissionDialog } from './PermissionDialog';
import { SetupScreen } from './SetupScreen';
import { StatusBar } from './StatusBar';

export interface AppProps {
  store: ChatStore;
  bridge: HostBridge;
  /** The unsent draft restored from VS Code's webview state. */
  initialDraft: string;
}

export function App({ store, bridge, initialDraft }: AppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const onSend = useCallback((text: string) => bridge.post({ type: 'sendPrompt', text }), [bridge]);
  const onStop = useCallback(() => {
    bridge.post({ type: 'stop' });
  }, [bridge]);
  const actions = useMemo(() => actionsFor(bridge), [bridge]);
  const expansion = useMemo(() => createExpansionStore(), []);
  const onAnswerPermission = useCallback((answer: Parameters<HostBridge['post']>[0]) => void bridge.post(answer), [bridge]);
  const onOpenProposedDiff = useCallback((requestId: string) => void bridge.post({ type: 'openProposedDiff', requestId }), [bridge]);
  const onDraftChange = useCallback(
    (draft: string) => {
      bridge.saveViewState({ draft });
    },
    [bridge],
  );

  if (state.phase === 'loading') {
    return (
      <div className="loading" data-testid="loading" role="status">
        Loading Codewright…
      </div>
    );
  }
  if (!state.setup.hasApiKey) {
    return (
      <SetupScreen
        onSetApiKey={() => {
          bridge.post({ type: 'setApiKey' });
        }}
      />
    );
  }
  // The ↑ recall comes from the host-owned history, so it survives the view being reloaded.
  const lastPrompt = state.entries.findLast((m): m is ChatMessage => m.role === 'user')?.text;
  return (
    <ActionsContext value={actions}>
      <ExpansionContext value={expansion}>
        <main className="chat">
          {/* Keyed by session so a new chat starts with fresh scroll-follow state. */}
          <MessageList key={state.sessionId} entries={state.entries} />
          <StatusBar status={state.status} usage={state.usage} />
          {state.permission && (
            // Keyed by request so each one starts unanswered, with an empty feedback field and focus.
            <PermissionDialog
              key={state.permission.requestId}
              request={state.permission}
              onAnswer={onAnswerPermission}
              onOpenDiff={onOpenProposedDiff}
            />
          )}
          <Composer
            busy={state.busy}
            model={state.model}
            lastPrompt={lastPrompt}
            initialDraft={initialDraft}
            onDraftChange={onDraftChange}
            onSend={onSend}
            onStop={onStop}
          />
        </main>
      </ExpansionContext>
    </ActionsContext>
  );
}
