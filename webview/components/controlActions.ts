/** The header's, composer's and task panel's requests to the host, bound to the bridge once. */
import type { PermissionModeChoice } from '../../extension/protocol/messages';
import type { HostBridge } from '../vscodeApi';

export function controlActions(bridge: HostBridge) {
  return {
    onSetMode: (mode: PermissionModeChoice) => void bridge.post({ type: 'setPermissionMode', mode }),
    onSetModel: (model: string) => void bridge.post({ type: 'setModel', model }),
    onNewChat: () => void bridge.post({ type: 'newChat' }),
    onListSessions: () => void bridge.post({ type: 'listSessions' }),
    onResume: (sessionId: string) => void bridge.post({ type: 'resumeSession', sessionId }),
    onSearchFiles: (query: string, requestId: string) => void bridge.post({ type: 'searchFiles', query, requestId }),
    onStopTask: (taskId: string) => void bridge.post({ type: 'stopTask', taskId }),
    onOpenTranscript: (taskId: string) => void bridge.post({ type: 'openTaskTranscript', taskId }),
  };
}
