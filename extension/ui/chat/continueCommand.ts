/**
 * The "Continue in Terminal" command (continueInTerminal.ts has the command line): opens a terminal at the
 * workspace folder running the CLI on the chat's session, then starts the chat anew so that the panel and the
 * CLI never append to one transcript at once. Arg: a session id to continue instead of the chat's (the chat
 * is then left as it is). Resolves with the terminal's name and command line (for tests), or undefined.
 */
import * as vscode from 'vscode';
import type { CredentialsPort, SettingsPort } from '../../core/contracts/settings';
import { COMMANDS } from '../palette/commands';
import type { ChatHandle } from './chats';
import { onPath, terminalLaunch } from './continueInTerminal';

export interface ContinueDeps {
  chat(): ChatHandle;
  /** `dist/cli.js` of the extension. */
  cliPath: string;
  /** The workspace folder: the CLI's sessions are per folder, so it must run there. */
  cwd: string;
  /** The transcripts' home the window uses (CODEWRIGHT_HOME), so the CLI finds the same sessions. */
  home: string;
  credentials: CredentialsPort;
  settings: SettingsPort;
}

export function registerContinueInTerminal(deps: ContinueDeps): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.continueInTerminal, async (sessionId?: string) => {
    const chat = deps.chat();
    const given = typeof sessionId === 'string' && /^[\w-]{1,100}$/.test(sessionId) ? sessionId : undefined;
    if (!given && chat.session.busy) return void vscode.window.showInformationMessage('Codewright: stop the running turn before you continue in the terminal.');
    if (!given && !chat.session.messages().some((m) => m.role === 'user')) {
      return void vscode.window.showInformationMessage('Codewright: nothing to continue yet; send a prompt first.');
    }
    const id = given ?? chat.session.sessionId;
    const launch = terminalLaunch({ sessionId: id, cliPath: deps.cliPath, execPath: process.execPath, platform: process.platform, onPath: (n) => onPath(n), env: await terminalEnv(deps) });
    const name = `Codewright: ${id.slice(0, 8)}`;
    const terminal = vscode.window.createTerminal({ name, cwd: deps.cwd, env: launch.env });
    terminal.show();
    terminal.sendText(launch.commandLine, true);
    if (id === chat.session.sessionId) {
      chat.session.sessions.reset();
      void vscode.window.showInformationMessage('Codewright: the session continues in the terminal; this chat starts anew (History resumes it here later).');
    }
    return { name, commandLine: launch.commandLine };
  });
}

/** What the CLI needs that the window may hold elsewhere: the stored key, the settings' API URL and model, the transcripts' home. */
async function terminalEnv(deps: ContinueDeps): Promise<Record<string, string>> {
  const key = await deps.credentials.getApiKey();
  const baseUrl = deps.settings.apiBaseUrl();
  return {
    CODEWRIGHT_HOME: deps.home,
    CODEWRIGHT_MODEL: deps.settings.model(),
    ...(key?.source === 'secretStorage' ? { ANTHROPIC_API_KEY: key.key } : {}),
    ...(baseUrl ? { ANTHROPIC_BASE_URL: baseUrl } : {}),
  };
}
