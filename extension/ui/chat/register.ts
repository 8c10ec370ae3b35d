/**
 * Sets the chat view up: the sidebar view with its bridge's ports, the `codewright.busy` context key, the
 * setup card's refresh when the API key changes, and the chat's commands (open, new, stop, API key, logs).
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../chat/chatSession';
import type { CredentialsPort, SettingsPort } from '../../core/ports';
import type { SessionSummary } from '../../core/session/sessions';
import type { SetupState } from '../../protocol/messages';
import type { CheckpointControls } from '../checkpoints/checkpointControls';
import { COMMANDS } from '../palette/commands';
import { CHAT_VIEW_ID, ChatViewProvider } from './chatViewProvider';
import { createFileSearch } from './fileSearch';
import { openTranscript } from './transcriptTab';
import type { ChatResponders } from './responders';

/** The API key as the chat's setup card and commands use it (SecretStorage in VS Code). */
export interface ChatCredentials extends CredentialsPort {
  setApiKey(key: string): Promise<void>;
  clearApiKey(): Promise<void>;
  onDidChange(listener: () => void): vscode.Disposable;
}

export interface ChatDeps {
  session: ChatSession;
  settings: SettingsPort;
  credentials: ChatCredentials;
  log: vscode.LogOutputChannel;
  listSessions(): Promise<SessionSummary[]>;
  responders: ChatResponders;
  checkpoints: CheckpointControls;
  /** The model picker's ids (core/models/modelList.ts). */
  listModels?: () => Promise<string[]>;
  /** Where model requests go now, for the header's badge (read with the setup state, which a change refreshes). */
  providerName?: () => NonNullable<SetupState['provider']>;
}

export function registerChat(context: vscode.ExtensionContext, deps: ChatDeps): ChatViewProvider {
  const { session, credentials, responders } = deps;
  const provider = createProvider(context.extensionUri, deps);
  responders.attach(provider);
  const setBusy = (busy: boolean) => void vscode.commands.executeCommand('setContext', 'codewright.busy', busy);
  context.subscriptions.push(
    provider,
    responders.approvals,
    responders.questions,
    responders.plans,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider),
    { dispose: session.onEvent((e) => e.type === 'busyChanged' && setBusy(e.busy)) },
    credentials.onDidChange(() => provider.refreshSetup()),
    ...registerChatCommands(provider, deps),
  );
  setBusy(false);
  return provider;
}

function createProvider(extensionUri: vscode.Uri, deps: ChatDeps): ChatViewProvider {
  const { session, settings, credentials, log, responders } = deps;
  const setupState = async () => {
    const key = await credentials.getApiKey();
    return { hasApiKey: !!key, keySource: key?.source ?? ('none' as const), ...(deps.providerName ? { provider: deps.providerName() } : {}) };
  };
  return new ChatViewProvider(
    extensionUri,
    {
      session,
      settings,
      log,
      setupState,
      ...(deps.listModels ? { listModels: deps.listModels } : {}),
      controls: {
        setModel: async (m) => {
          await vscode.workspace.getConfiguration('codewright').update('model', m, vscode.ConfigurationTarget.Global);
        },
        listSessions: deps.listSessions,
        searchFiles: createFileSearch(),
        openTranscript,
      },
      actions: {
        setApiKey: () => void vscode.commands.executeCommand(COMMANDS.setApiKey),
        showLogs: () => log.show(true),
      },
      approvals: responders.approvals,
      checkpoints: deps.checkpoints,
      questions: responders.questions,
      plans: responders.plans,
    },
    (available) => responders.setAvailable(available),
  );
}

function registerChatCommands(provider: ChatViewProvider, deps: ChatDeps): vscode.Disposable[] {
  const { session, credentials, log } = deps;
  return [
    vscode.commands.registerCommand(COMMANDS.openChat, () => provider.reveal()),
    vscode.commands.registerCommand(COMMANDS.newChat, async () => {
      session.reset();
      await provider.reveal();
    }),
    vscode.commands.registerCommand(COMMANDS.stop, () => session.stop()),
    vscode.commands.registerCommand(COMMANDS.setApiKey, async () => {
      const key = await vscode.window.showInputBox({
        title: 'Codewright: Anthropic API key',
        prompt: 'Stored in VS Code SecretStorage (your OS keychain), never in settings files.',
        placeHolder: 'sk-ant-…',
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Enter a key, or press Escape to cancel.'),
      });
      if (!key) return;
      await credentials.setApiKey(key);
      log.info('API key stored in SecretStorage.');
      void vscode.window.showInformationMessage('Codewright: API key saved.');
    }),
    vscode.commands.registerCommand(COMMANDS.clearApiKey, async () => {
      await credentials.clearApiKey();
      log.info('API key removed from SecretStorage.');
      void vscode.window.showInformationMessage('Codewright: API key cleared.');
    }),
    vscode.commands.registerCommand(COMMANDS.showLogs, () => log.show(true)),
  ];
}
