/** Chooses the screen: loading until the host's snapshot, setup until there is an API key, then chat. */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { createExpansionStore, ExpansionContext } from '../state/expansion';
import type { ChatMessage } from '../../extension/protocol/messages';
import type { ChatStore } from '../state/store';
import type { ChatState } from '../state/reducer';
import type { HostBridge } from '../vscodeApi';
import { ActionsContext, actionsFor } from '../shared/actions';
import { controlActions } from './controlActions';
import { Composer } from './composer/Composer';
import { ChangedFilesBar } from './ChangedFilesBar';
import { useComposerBridge } from './composer/composerBridge';
import { Header } from './Header';
import { QueuedChips } from './QueuedChips';
import { TaskPanel } from './TaskPanel';
import { MessageList } from './MessageList';
import { PermissionDialog } from './PermissionDialog';
import { QuestionCard } from './QuestionCard';
import { PlanCard } from './PlanCard';
import { ElicitationCard } from './ElicitationCard';
import { PanelArea } from './panels/PanelArea';
import { ConfigProblemsBanner } from './ConfigProblemsBanner';
import { TodoPanel } from './TodoPanel';
import { WorkListPanel } from './WorkListPanel';
import { SetupScreen } from './SetupScreen';
import { RestrictedModeNotice } from './RestrictedModeNotice';
import { StatusBar } from './StatusBar';

export interface AppProps {
  store: ChatStore;
  bridge: HostBridge;
  /** The unsent draft restored from VS Code's webview state. */
  initialDraft: string;
}

export function App({ store, bridge, initialDraft }: AppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const composer = useComposerBridge(bridge, initialDraft);
  const actions = useMemo(() => actionsFor(bridge), [bridge]);
  const expansion = useMemo(() => createExpansionStore(), []);
  const onReviewChanges = useCallback(() => void bridge.post({ type: 'reviewChanges' }), [bridge]);
  const controls = useMemo(() => controlActions(bridge), [bridge]);
  const onRemoveQueued = useCallback((id: string) => void bridge.post({ type: 'removeQueued', id }), [bridge]);

  if (state.phase === 'loading') {
    return (
      <div className="loading" data-testid="loading" role="status">
        Loading Codewright…
      </div>
    );
  }
  if (!state.setup.hasApiKey) return <Setup bridge={bridge} trusted={state.setup.workspaceTrusted} />;
  // The ↑ recall comes from the host-owned history, so it survives the view being reloaded.
  const history = state.entries.filter((m): m is ChatMessage => m.role === 'user').map((m) => m.text);
  return (
    <ActionsContext value={actions}>
      <ExpansionContext value={expansion}>
        <main className="chat">
          <Header
            mode={state.permissionMode}
            model={state.model}
            models={state.models}
            provider={state.setup.provider}
            usage={state.usage}
            sessions={state.sessions}
            busy={state.busy}
            {...controls}
          />
          <RestrictedModeNotice trusted={state.setup.workspaceTrusted} bridge={bridge} />
          <ConfigProblemsBanner problems={state.configProblems} />
          {/* Keyed by session so a new chat starts with fresh scroll-follow state. */}
          <MessageList key={state.sessionId} entries={state.entries} />
          <StatusBar status={state.status} usage={state.usage} />
          <PendingAnswers bridge={bridge} permission={state.permission} question={state.question} plan={state.plan} elicitation={state.elicitation} />
          <PanelArea view={state.panel} bridge={bridge} />
          <TodoPanel todos={state.todos} />
          <WorkListPanel items={state.workList} />
          <TaskPanel tasks={state.tasks} onStop={controls.onStopTask} onOpenTranscript={controls.onOpenTranscript} />
          <QueuedChips queue={state.queue} onRemove={onRemoveQueued} />
          <ChangedFilesBar files={state.changedFiles} onReview={onReviewChanges} />
          <Composer
            key={composer.key}
            {...composer.props}
            busy={state.busy}
            model={state.model}
            history={history}
            commands={state.commands}
            fileSuggestions={state.fileSuggestions}
            onSearchFiles={controls.onSearchFiles}
          />
        </main>
      </ExpansionContext>
    </ActionsContext>
  );
}

type ReadyChat = Extract<ChatState, { phase: 'ready' }>;

interface PendingAnswersProps {
  bridge: HostBridge;
  permission: ReadyChat['permission'];
  question: ReadyChat['question'];
  plan: ReadyChat['plan'];
  elicitation: ReadyChat['elicitation'];
}

/** What waits for the user's answer: a permission request, a question, a plan to approve, an MCP server's request for input. */
function PendingAnswers({ bridge, permission, question, plan, elicitation }: PendingAnswersProps) {
  // A permission dialog's, a question's or a plan's answer goes to the host as it is.
  const onAnswer = useCallback((answer: Parameters<HostBridge['post']>[0]) => void bridge.post(answer), [bridge]);
  const onOpenProposedDiff = useCallback((requestId: string) => void bridge.post({ type: 'openProposedDiff', requestId }), [bridge]);
  return (
    <>
      {permission && (
        // Keyed by request so each one starts unanswered, with an empty feedback field and focus.
        <PermissionDialog key={permission.requestId} request={permission} onAnswer={onAnswer} onOpenDiff={onOpenProposedDiff} />
      )}
      {question && <QuestionCard key={question.requestId} request={question} onAnswer={onAnswer} />}
      {plan && <PlanCard key={plan.requestId} request={plan} onAnswer={onAnswer} />}
      {elicitation && <ElicitationCard key={elicitation.requestId} request={elicitation} onAnswer={onAnswer} />}
    </>
  );
}

/** No API key yet: the setup screen, under the restricted-mode line while the folder is not trusted. */
function Setup({ bridge, trusted }: { bridge: HostBridge; trusted: boolean | undefined }) {
  return (
    <>
      <RestrictedModeNotice trusted={trusted} bridge={bridge} />
      <SetupScreen
        onSetApiKey={() => {
          bridge.post({ type: 'setApiKey' });
        }}
      />
    </>
  );
}
