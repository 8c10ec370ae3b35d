/**
 * What a ChatSession tells its listeners: the protocol's host → webview events it produces, posted as they
 * are, plus two the bridge answers itself (`reset` becomes a fresh snapshot, `promptsReturned` carries the
 * prompts only once the view takes them). The entry types are the protocol's own (extension/protocol/entries.ts).
 */
import type { HostToWebview } from '../protocol/messages';

type SessionEventType =
  | 'messageAdded'
  | 'noticeAdded'
  | 'assistantDelta'
  | 'thinkingDelta'
  | 'assistantText'
  | 'messageFinished'
  | 'toolUseStarted'
  | 'toolProgress'
  | 'toolResult'
  | 'toolStopped'
  | 'toolAgentUpdated'
  | 'busyChanged'
  | 'status'
  | 'usage'
  | 'queueChanged'
  // Slash commands (chat/chatCommands.ts): the list changed, a panel opened, the setup's problems, /model.
  | 'commandsChanged'
  | 'panelOpened'
  | 'configProblems'
  | 'modelChanged';

export type ChatEvent =
  | Extract<HostToWebview, { type: SessionEventType }>
  | { type: 'reset'; sessionId: string }
  /** Stop took the queued prompts back: `takeReturned()` has them for the composer. */
  | { type: 'promptsReturned' };
