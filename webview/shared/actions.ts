/**
 * Editor actions deep components may trigger (open a file, open a link, copy). Provided once through
 * context, so rows need no callback props and their memoisation stays intact.
 */
import { createContext, useContext } from 'react';
import type { SnapshotChangeView } from '../../extension/protocol/messages';
import type { HostBridge } from '../vscodeApi';

export interface ChatActions {
  openFile(path: string, line?: number, endLine?: number): void;
  openLink(url: string): void;
  copyText(text: string): void;
  showLogs(): void;
  /** "Rewind to here" on a user message. */
  rewind(messageId: string): void;
  /** "diff" on a file a Bash command changed: its content before the command against now. */
  openChangeDiff(change: SnapshotChangeView): void;
}

const noop: ChatActions = { openFile: () => {}, openLink: () => {}, copyText: () => {}, showLogs: () => {}, rewind: () => {}, openChangeDiff: () => {} };

export const ActionsContext = createContext<ChatActions>(noop);

export function useActions(): ChatActions {
  return useContext(ActionsContext);
}

export function actionsFor(bridge: HostBridge): ChatActions {
  return {
    openFile(path, line, endLine) {
      bridge.post({ type: 'openFile', path, ...(line ? { line } : {}), ...(endLine ? { endLine } : {}) });
    },
    openLink(url) {
      bridge.post({ type: 'openLink', url });
    },
    copyText(text) {
      bridge.post({ type: 'copyText', text });
    },
    showLogs() {
      bridge.post({ type: 'showLogs' });
    },
    rewind(messageId) {
      bridge.post({ type: 'rewind', messageId });
    },
    openChangeDiff({ path, change, before }) {
      bridge.post({ type: 'openChangeDiff', path, change, ...(before ? { before } : {}) });
    },
  };
}
