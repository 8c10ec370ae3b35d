/**
 * One chat of the window with its page: the parts the composition root built (session, approvals,
 * checkpoints…), a `ChatSurface` for the side bar's view or an editor tab, its checkpoint controls and the
 * editor half of its slash commands. `register.ts` makes the side bar's; `chatPanel.ts` one per tab.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { SessionSummary } from '../../core/engines/transcripts/sessions';
import type { SettingsPort } from '../../core/contracts/settings';
import type { HostToWebview, SetupState } from '../../protocol/messages';
import type { CheckpointControls } from '../checkpoints/checkpointControls';
import { chatCheckpoints, type CheckpointsApi } from '../checkpoints/register';
import { COMMANDS } from '../palette/commands';
import type { ChatHandle } from './chats';
import type { ChatElicitations } from './chatElicitations';
import type { ChatParts } from './chatParts';
import { ChatSurface } from './chatSurface';
import { createCommandEditor } from './commandEditor';
import { createFileSearch } from './fileSearch';
import { openTranscript } from './transcriptTab';

/** What every chat's page gets from the window. */
export interface WindowChatDeps {
  extensionUri: vscode.Uri;
  settings: SettingsPort;
  log: vscode.LogOutputChannel;
  setupState(): Promise<SetupState>;
  listSessions(): Promise<SessionSummary[]>;
  /** The model picker's ids (core/engines/models/modelList.ts). */
  listModels?: () => Promise<string[]>;
  /** Shows the chat other than `self` that has `sessionId` open; false when none has. */
  showElsewhere(self: Chat, sessionId: string): Promise<boolean>;
  /** The chat's page asked for something: the user turned to it. */
  touched(chat: Chat): void;
  /** The window's MCP elicitation card (chatElicitations.ts); each chat answers and shows its part. */
  elicitations?: ChatElicitations;
}

export class Chat implements ChatHandle {
  readonly surface: ChatSurface;
  readonly checkpointsApi: CheckpointsApi;
  readonly checkpointControls: CheckpointControls;
  private revealer: () => Promise<void> = async () => undefined;

  constructor(
    readonly id: string,
    readonly parts: ChatParts,
    deps: WindowChatDeps,
  ) {
    const { session, responders } = parts;
    const checkpoints = chatCheckpoints({ session, checkpoints: parts.checkpoints, log: deps.log, newId: randomUUID });
    this.checkpointsApi = checkpoints.api;
    this.checkpointControls = checkpoints.controls;
    this.surface = new ChatSurface(
      deps.extensionUri,
      {
        session,
        settings: deps.settings,
        log: deps.log,
        setupState: deps.setupState,
        ...(deps.listModels ? { listModels: deps.listModels } : {}),
        controls: {
          setModel: async (m) => {
            await vscode.workspace.getConfiguration('codewright').update('model', m, vscode.ConfigurationTarget.Global);
          },
          listSessions: deps.listSessions,
          searchFiles: createFileSearch(),
          openTranscript,
          showElsewhere: (sessionId) => deps.showElsewhere(this, sessionId),
        },
        actions: {
          setApiKey: () => void vscode.commands.executeCommand(COMMANDS.setApiKey),
          showLogs: () => deps.log.show(true),
          manageWorkspaceTrust: () => void vscode.commands.executeCommand('workbench.trust.manage'),
        },
        approvals: responders.approvals,
        checkpoints: checkpoints.controls,
        questions: responders.questions,
        plans: responders.plans,
        ...(parts.plugins ? { plugins: parts.plugins } : {}),
        ...(deps.elicitations ? { elicitations: deps.elicitations.cardFor(this) } : {}),
      },
      { kind: parts.kind, onAvailabilityChanged: (available) => responders.setAvailable(available), onUserRequest: () => deps.touched(this) },
    );
    responders.attach({ post: (m) => this.post(m), reveal: () => this.reveal() });
    session.commands.attachEditor(createCommandEditor({ session, rewind: checkpoints.api.rewind, post: (m) => this.post(m) }));
  }

  get kind(): ChatParts['kind'] {
    return this.parts.kind;
  }

  get session(): ChatParts['session'] {
    return this.parts.session;
  }

  /** How `reveal` shows this chat (the side bar's view command, or the tab's panel). */
  setRevealer(reveal: () => Promise<void>): void {
    this.revealer = reveal;
  }

  async reveal(): Promise<void> {
    await this.revealer();
    // The view or tab has focus now; inside its page the cursor must go where the user types next.
    void this.surface.focusComposer();
  }

  whenReady(): Promise<void> {
    return this.surface.whenReady();
  }

  post(message: HostToWebview): void {
    this.surface.post(message);
  }

  async dispose(): Promise<void> {
    this.surface.dispose();
    await this.parts.dispose();
  }
}
