/**
 * The chat's view of a conversation: what the sidebar renders. These mirror the protocol's entry schemas
 * (extension/protocol/entries.ts) as plain types, because core/ may not import the protocol; the bridge's
 * type check keeps the two in step.
 */

import type { QueuedPromptView } from './promptQueue';

export type ChatStatus = 'streaming' | 'done' | 'stopped' | 'error';

export type ChatAttachment =
  | { kind: 'image'; name?: string; mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; data: string }
  /** `warning`: why a mentioned file was not attached, or that it was cut short. */
  | { kind: 'file'; path: string; startLine?: number; endLine?: number; warning?: string };

/** A user prompt, or a stretch of assistant output between tool uses. */
export interface ChatMessageEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  status: ChatStatus;
  error?: string;
  thinking?: string;
  attachments?: ChatAttachment[];
}

export interface DiffHunkView {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

export type ToolResultData =
  | { kind: 'diff'; filePath: string; created: boolean; added: number; removed: number; hunks: DiffHunkView[]; truncated: boolean }
  | { kind: 'read'; filePath: string; startLine?: number; endLine?: number }
  | { kind: 'paths'; items: { path: string; line?: number; text?: string }[]; truncated: boolean }
  | { kind: 'bash'; command: string; output: string; exitCode: number | null; backgroundTaskId?: string }
  | { kind: 'questions'; declined: boolean; items: { question: string; header: string; selected: string[]; other?: string }[] };

export interface ToolResultView {
  isError: boolean;
  text: string;
  truncated: boolean;
  data?: ToolResultData;
}

export interface ToolProgressView {
  output?: string;
  message?: string;
  elapsedSeconds?: number;
  totalLines?: number;
}

export type ToolEntryStatus = 'running' | 'done' | 'error' | 'stopped';

/** One tool use: its id is the tool_use block's id. */
export interface ToolEntry {
  id: string;
  role: 'tool';
  name: string;
  input: Record<string, unknown>;
  summary: string | null;
  activity: string | null;
  status: ToolEntryStatus;
  progress?: ToolProgressView;
  result?: ToolResultView;
}

export type ChatEntry = ChatMessageEntry | ToolEntry;

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  costUsd: number;
  contextFill: number;
}

export type ChatEvent =
  | { type: 'messageAdded'; message: ChatMessageEntry }
  | { type: 'assistantDelta'; messageId: string; text: string }
  | { type: 'thinkingDelta'; messageId: string; text: string }
  /** Text and thinking of a message were replaced (a failed attempt's output was discarded before a retry). */
  | { type: 'assistantText'; messageId: string; text: string; thinking?: string }
  | { type: 'messageFinished'; messageId: string; status: Exclude<ChatStatus, 'streaming'>; error?: string }
  | { type: 'toolUseStarted'; toolUseId: string; name: string; input: Record<string, unknown>; summary: string | null; activity: string | null }
  | { type: 'toolProgress'; toolUseId: string; progress: ToolProgressView }
  | { type: 'toolResult'; toolUseId: string; result: ToolResultView }
  | { type: 'toolStopped'; toolUseId: string }
  | { type: 'busyChanged'; busy: boolean }
  | { type: 'status'; text: string | null }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'reset'; sessionId: string }
  | { type: 'queueChanged'; queue: QueuedPromptView[] }
  /** Stop took the queued prompts back: `takeReturned()` has them for the composer. */
  | { type: 'promptsReturned' };
