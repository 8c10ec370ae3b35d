/** Protocol events for the webview tests, built with the protocol's own types so they stay in step. */
import type { ChatEntry, ChatMessage, HostToWebview, PermissionRequest, ToolEntry, ToolResultView } from '../../extension/protocol/messages';

type Snapshot = Extract<HostToWebview, { type: 'sessionSnapshot' }>;

export const userMessage = (id: string, text: string): ChatMessage => ({ id, role: 'user', text, status: 'done' });

export const assistantMessage = (id: string, text: string, status: ChatMessage['status'] = 'done'): ChatMessage => ({
  id,
  role: 'assistant',
  text,
  status,
});

export function snapshot(entries: ChatEntry[] = [], extra: Partial<Snapshot> = {}): Snapshot {
  return {
    type: 'sessionSnapshot',
    sessionId: 'session-1',
    entries,
    busy: false,
    setup: { hasApiKey: true, keySource: 'secretStorage' },
    model: 'claude-sonnet-4-5',
    ...extra,
  };
}

export const noKeySnapshot = (): Snapshot => snapshot([], { setup: { hasApiKey: false, keySource: 'none' } });

export const busy = (value: boolean): HostToWebview => ({ type: 'busyChanged', busy: value });

export const added = (message: ChatMessage): HostToWebview => ({ type: 'messageAdded', message });

export const delta = (messageId: string, text: string): HostToWebview => ({ type: 'assistantDelta', messageId, text });

export const finished = (
  messageId: string,
  status: 'done' | 'stopped' | 'error',
  error?: string,
): HostToWebview => (error === undefined ? { type: 'messageFinished', messageId, status } : { type: 'messageFinished', messageId, status, error });

export const thinking = (messageId: string, text: string): HostToWebview => ({ type: 'thinkingDelta', messageId, text });

export const toolStarted = (toolUseId: string, name: string, input: Record<string, unknown>, summary: string | null = null, activity: string | null = null): HostToWebview => ({
  type: 'toolUseStarted',
  toolUseId,
  name,
  input,
  summary,
  activity,
});

export const toolProgress = (toolUseId: string, progress: Extract<HostToWebview, { type: 'toolProgress' }>['progress']): HostToWebview => ({
  type: 'toolProgress',
  toolUseId,
  progress,
});

export const toolResult = (toolUseId: string, result: ToolResultView): HostToWebview => ({ type: 'toolResult', toolUseId, result });

/** The entry a snapshot holds for a finished tool use, equal to what the events above build. */
export const toolEntry = (id: string, name: string, input: Record<string, unknown>, result: ToolResultView, summary: string | null = null, activity: string | null = null): ToolEntry => ({
  id,
  role: 'tool',
  name,
  input,
  summary,
  activity,
  status: result.isError ? 'error' : 'done',
  result,
});

/** The permission dialog's request for a Bash command that writes outside the workspace, with a rule to suggest. */
export const bashPermission = (extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  requestId: 'req-1',
  toolUseId: 'toolu_1',
  toolName: 'Bash',
  title: 'Bash',
  summary: 'npm run test:unit > /etc/out',
  message: 'Bash wants to run a command',
  reason: 'rule Bash(npm:*) in .claude/settings.json asks',
  warnings: ['The redirection > /etc/out writes outside the workspace'],
  suggestions: [{ index: 0, label: 'Always allow Bash(npm run test:*) in this project' }],
  preview: { kind: 'bash', command: 'npm run test:unit > /etc/out', description: 'Run the unit tests' },
  waiting: 0,
  ...extra,
});
