/**
 * The palette and context-menu commands beyond open/new/stop/keys/logs (ui/chat/register.ts): cycle the
 * permission mode, resume a session, run a slash command, add the selection or a file to the chat, explain
 * a selection, fix a file's problems, open the settings. `register.ts` registers them.
 * Commands that pick something take the pick as an optional argument, so scripts and tests skip the UI.
 */
import * as vscode from 'vscode';
import type { ChatSession } from '../../conversation/chatSession';
import type { SessionSummary } from '../../core/engines/transcripts/sessions';
import { PERMISSION_MODE_CHOICES, type HostToWebview, type PermissionModeChoice, type SlashCommand } from '../../protocol/messages';
import { fileMentions, fixProblemsPrompt, selectionMention } from '../editor/editorContext';
import { COMMANDS } from './commands';

export const EXTENSION_ID = 'codewright.codewright';

export type PaletteCommand = (...args: never[]) => unknown;

/** The chat a command acts on: the one the user turned to last (docs/ARCHITECTURE.md, Host and webview). */
export interface PaletteChat {
  readonly session: ChatSession;
  reveal(): Promise<void>;
  whenReady(): Promise<void>;
}

export interface PaletteContext {
  chat(): PaletteChat;
  /** Posts to that chat's page; the palette's api reports each post. */
  post(chat: PaletteChat, message: HostToWebview): void;
  listSessions(): Promise<SessionSummary[]>;
  /** Shows the other chat that has `sessionId` open; false when none has. */
  showElsewhere(self: PaletteChat, sessionId: string): Promise<boolean>;
}

/** The commands by id, in the order they are registered. */
export function paletteCommands(ctx: PaletteContext): Record<string, PaletteCommand> {
  return {
    ...sessionCommands(ctx),
    ...editorCommands(ctx),
    [COMMANDS.openSettings]: () => vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${EXTENSION_ID}`),
  };
}

/** The permission mode, earlier sessions and slash commands. */
function sessionCommands(ctx: PaletteContext): Record<string, PaletteCommand> {
  return {
    /** Arg: a mode to switch to; `{ confirmed: true }` skips the bypass confirmation (automation). */
    [COMMANDS.cycleMode]: async (arg?: { mode?: string; confirmed?: boolean }) => {
      const { session } = ctx.chat();
      const current = PERMISSION_MODE_CHOICES.indexOf(session.permissionMode as PermissionModeChoice);
      const wanted = PERMISSION_MODE_CHOICES.find((m) => m === arg?.mode);
      const next = wanted ?? PERMISSION_MODE_CHOICES[(current + 1) % PERMISSION_MODE_CHOICES.length] ?? 'default';
      await setMode(session, next, arg?.confirmed === true);
    },
    /** Arg: the session id to resume. */
    [COMMANDS.resumeSession]: async (sessionId?: string) => {
      const chat = ctx.chat();
      const { session } = chat;
      if (session.busy) return void vscode.window.showInformationMessage('Stop the running turn before resuming another session.');
      const id = typeof sessionId === 'string' ? sessionId : await pickSession(await ctx.listSessions());
      if (!id || (await ctx.showElsewhere(chat, id))) return;
      await session.sessions.resume(id);
      await chat.reveal();
    },
    /**
     * Arg: the command with or without its slash, and with its arguments (`/compact keep the API notes`); an
     * unknown one is answered in the chat like a typed one. Without it, a pick of the session's commands.
     */
    [COMMANDS.runSlashCommand]: async (name?: string) => {
      if (typeof name === 'string') return sendPrompt(ctx, `/${name.trim().replace(/^\//, '')}`);
      const { session } = ctx.chat();
      await session.commands.refresh();
      const line = await pickSlashCommand(session.commands.list());
      if (line) return sendPrompt(ctx, line);
    },
  };
}

/** What the editor or the explorer hands to the chat: selections, files, problems. */
function editorCommands(ctx: PaletteContext): Record<string, PaletteCommand> {
  return {
    [COMMANDS.addSelectionToChat]: async () => {
      const result = selectionMention(vscode.window.activeTextEditor);
      if ('error' in result) return void vscode.window.showInformationMessage(result.error);
      await insert(ctx, result.mention);
    },
    /** Explorer context menu: (clicked uri, all selected uris); from the palette, the active editor's file. */
    [COMMANDS.addFileToChat]: async (uri?: vscode.Uri, uris?: vscode.Uri[]) => {
      const picked = uris?.length ? uris : uri ? [uri] : vscode.window.activeTextEditor ? [vscode.window.activeTextEditor.document.uri] : [];
      const text = fileMentions(picked);
      if (!text) return void vscode.window.showInformationMessage('Pick a file in the explorer or open one first.');
      await insert(ctx, text);
    },
    [COMMANDS.explainSelection]: async () => {
      const result = selectionMention(vscode.window.activeTextEditor);
      if ('error' in result) return void vscode.window.showInformationMessage(result.error);
      await sendPrompt(ctx, `Explain this code: ${result.mention}`);
    },
    /** Arg: the file (explorer or editor title); else the active editor's. */
    [COMMANDS.fixProblems]: async (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (!target) return void vscode.window.showInformationMessage('Open a file first.');
      const prompt = fixProblemsPrompt(target);
      if (!prompt) return void vscode.window.showInformationMessage(`No errors or warnings in ${vscode.workspace.asRelativePath(target, false)}.`);
      await sendPrompt(ctx, prompt);
    },
  };
}

/** Reveals the chat and inserts `text` into its composer once the view is listening. */
async function insert(ctx: PaletteContext, text: string): Promise<void> {
  const chat = ctx.chat();
  await chat.reveal();
  await chat.whenReady();
  ctx.post(chat, { type: 'insertText', text });
}

/** Sends `text` as a prompt; while a turn runs it is queued like a prompt typed then. */
async function sendPrompt(ctx: PaletteContext, text: string): Promise<void> {
  const chat = ctx.chat();
  await chat.reveal();
  await chat.session.submit(text);
}

async function setMode(session: ChatSession, mode: PermissionModeChoice, confirmed: boolean): Promise<void> {
  if (mode === 'bypassPermissions' && !confirmed) {
    const yes = 'Enable bypass';
    const answer = await vscode.window.showWarningMessage(
      'Bypass runs every tool call without asking, including edits and shell commands.',
      { modal: true },
      yes,
    );
    if (answer !== yes) return;
  }
  session.setPermissionMode(mode);
}

async function pickSession(sessions: readonly SessionSummary[]): Promise<string | undefined> {
  if (sessions.length === 0) {
    void vscode.window.showInformationMessage('No earlier sessions in this workspace yet.');
    return undefined;
  }
  const items = sessions.map((s) => ({
    label: s.title,
    description: new Date(s.modifiedAt).toLocaleString(),
    detail: `${s.messageCount} message${s.messageCount === 1 ? '' : 's'}${s.error ? ` · ${s.error}` : ''}`,
    sessionId: s.sessionId,
  }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Codewright: Resume Session', placeHolder: 'Pick a session to continue', matchOnDescription: true });
  return picked?.sessionId;
}

/** The command line to send: a picked command, with the arguments asked for when it takes some; undefined when cancelled. */
async function pickSlashCommand(commands: readonly SlashCommand[]): Promise<string | undefined> {
  const items = commands.map((c) => ({
    label: `/${c.name}`,
    description: [c.argumentHint, c.source && c.source !== 'builtin' ? `(${c.source})` : undefined].filter(Boolean).join(' '),
    detail: c.description,
    command: c,
  }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Codewright: Run Slash Command', placeHolder: 'Pick a command', matchOnDetail: true });
  if (!picked) return undefined;
  const { name, argumentHint } = picked.command;
  if (!argumentHint) return `/${name}`;
  const args = await vscode.window.showInputBox({ title: `/${name}`, prompt: `Arguments: ${argumentHint} (optional, Enter to run without)`, placeHolder: argumentHint });
  return args === undefined ? undefined : `/${name} ${args}`.trim();
}
