/**
 * The header and composer requests of the webview: permission mode, model, session history, `@` file
 * search and background tasks (the slash command list is the session's, chat/chatCommands.ts). Free of
 * `vscode`; the editor-side pieces come in as `ChatControlPorts`.
 */
import type { ChatSession } from '../../conversation/chatSession';
import type { SessionSummary } from '../../core/engines/transcripts/sessions';
import type { HostToWebview, SessionListItem, WebviewToHost } from '../../protocol/messages';

/** What only the editor can do for the controls. */
export interface ChatControlPorts {
  /** Writes the `codewright.model` setting. */
  setModel(model: string): Promise<void>;
  listSessions(): Promise<SessionSummary[]>;
  searchFiles(query: string): Promise<string[]>;
  /** Opens a task's transcript file, as markdown titled `title`, in an editor tab. */
  openTranscript?(path: string, title: string): Promise<void>;
  /** Shows the other chat that has `sessionId` open and resolves true; false when none has (two writers would mix one transcript). */
  showElsewhere?(sessionId: string): Promise<boolean>;
}

export type ControlRequest = Extract<
  WebviewToHost,
  { type: 'setPermissionMode' | 'setModel' | 'listSessions' | 'resumeSession' | 'searchFiles' | 'stopTask' | 'openTaskTranscript' }
>;

const MAX_SESSIONS = 200;

export async function handleControl(
  message: ControlRequest,
  session: ChatSession,
  ports: ChatControlPorts | undefined,
  post: (m: HostToWebview) => void,
  model: () => string,
): Promise<void> {
  switch (message.type) {
    case 'setPermissionMode':
      session.setPermissionMode(message.mode);
      return post({ type: 'permissionModeChanged', mode: session.permissionMode });
    case 'setModel':
      await ports?.setModel(message.model);
      return post({ type: 'modelChanged', model: model() });
    case 'listSessions': {
      const sessions = ports ? await ports.listSessions() : [];
      return post({ type: 'sessionList', sessions: sessions.slice(0, MAX_SESSIONS).map(toListItem) });
    }
    case 'resumeSession':
      if (session.busy || session.sessionId === message.sessionId) return;
      if (await ports?.showElsewhere?.(message.sessionId)) return;
      await session.sessions.resume(message.sessionId);
      return;
    case 'searchFiles': {
      const items = ports ? await ports.searchFiles(message.query) : [];
      return post({ type: 'fileSuggestions', requestId: message.requestId, items: items.map((path) => ({ path })) });
    }
    case 'stopTask':
      return session.feeds.stopTask(message.taskId);
    case 'openTaskTranscript': {
      const transcript = session.feeds.taskTranscript(message.taskId);
      if (!transcript) return;
      return ports?.openTranscript?.(transcript.path, `Transcript: ${transcript.description || message.taskId}`);
    }
  }
}

function toListItem(s: SessionSummary): SessionListItem {
  return { sessionId: s.sessionId, title: s.title.slice(0, 500), modifiedAt: s.modifiedAt, messageCount: s.messageCount };
}
