import type { AssistantContentBlock, AssistantMessage, Message, TextBlock, ToolDefinition } from './messages';

/**
 * Ports: the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

/** The stop reasons of the Messages API. */
export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal';

export type ThinkingParam = { type: 'enabled'; budget_tokens: number } | { type: 'adaptive' } | { type: 'disabled' };

/** One Messages API request in core's own types (extension/llm/ maps them to the SDK's). */
export interface ModelRequest {
  model: string;
  maxTokens: number;
  /** System prompt blocks; cache breakpoints already placed (core/agent/cache.ts). */
  system?: readonly TextBlock[];
  messages: readonly Message[];
  tools?: readonly ToolDefinition[];
  thinking?: ThinkingParam;
  stopSequences?: readonly string[];
  /** Aborting ends the stream; the iterator then throws a `ModelError` of kind `aborted`. */
  signal: AbortSignal;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
}

/**
 * What a streamed response yields, in order: `messageStart`, then deltas and a `blockComplete` per content
 * block, then `messageComplete` with the assembled message. A stream that breaks off throws instead of
 * completing, so a partial message is never mistaken for a whole one.
 */
export type ModelStreamEvent =
  | { type: 'messageStart'; messageId: string; usage: ModelUsage }
  | { type: 'textDelta'; index: number; text: string }
  | { type: 'thinkingDelta'; index: number; thinking: string }
  | { type: 'toolInputDelta'; index: number; partialJson: string }
  | { type: 'blockComplete'; index: number; block: AssistantContentBlock }
  | {
      type: 'messageComplete';
      message: AssistantMessage;
      stopReason: StopReason | null;
      stopSequence: string | null;
      usage: ModelUsage;
    };

/** Streams one Messages API request. Implemented by `extension/llm/` on @anthropic-ai/sdk. */
export interface ModelClient {
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

export type ModelErrorKind =
  | 'aborted'
  | 'auth'
  | 'permission'
  | 'invalidRequest'
  | 'promptTooLong'
  | 'rateLimit'
  | 'overloaded'
  | 'server'
  | 'network';

/** A failed model request, classified so the loop can retry or say what to do next. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
    /** From `retry-after` (429/529): how long the API asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /** Worth another attempt: rate limits, overload, server errors and broken connections. */
  get retryable(): boolean {
    return this.kind === 'rateLimit' || this.kind === 'overloaded' || this.kind === 'server' || this.kind === 'network';
  }
}

/** Where the API key comes from; read on every request so a key set mid-session takes effect. */
export interface CredentialsPort {
  getApiKey(): Promise<{ key: string; source: 'secretStorage' | 'environment' } | undefined>;
}

/** Settings the loop reads; read on each request so changes apply without a reload. */
export interface SettingsPort {
  model(): string;
  maxTokens(): number;
  apiBaseUrl(): string | undefined;
}

/** A subset of VS Code's LogOutputChannel, so the Node host can log to stderr. */
export interface Logger {
  trace(message: string, ...args: unknown[]): void;
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string | Error, ...args: unknown[]): void;
}

/**
 * The session's private storage folder (extension storage in VS Code, a temp or config folder on Node):
 * large tool results, transcripts and checkpoints live here, never in the user's workspace.
 */
export interface SessionStorage {
  /** Absolute path of the folder, so the model can Read what was stored. */
  readonly dir: string;
  /** Writes `content` to `relativePath` inside the folder (creating folders), returns the absolute path. */
  writeText(relativePath: string, content: string): Promise<string>;
  readText(relativePath: string): Promise<string | undefined>;
}

/**
 * Append-only storage of session transcripts (JSONL, one JSON object per line). `append` resolves only
 * once the lines are on disk: the loop writes a line before it shows or sends what it records.
 */
export interface TranscriptStore {
  append(sessionId: string, lines: readonly string[]): Promise<void>;
  /** The whole transcript text, or undefined when there is none. */
  read(sessionId: string): Promise<string | undefined>;
  list(): Promise<{ sessionId: string; modifiedMs: number; sizeBytes: number }[]>;
}

/** A memory file the system prompt includes (CLAUDE.md and friends). */
export interface MemoryFile {
  path: string;
  /** user: ~/.claude/CLAUDE.md; project: CLAUDE.md; local: CLAUDE.local.md; agents: AGENTS.md. */
  type: 'user' | 'project' | 'local' | 'agents';
  content: string;
}

/** What the system prompt says about where the agent runs. */
export interface EnvironmentInfo {
  cwd: string;
  platform: string;
  osVersion: string;
  /** YYYY-MM-DD, local time. */
  date: string;
  isGitRepo: boolean;
  gitBranch?: string;
  /** `git status --short`, truncated. */
  gitStatus?: string;
  /** The last few commits, one line each. */
  recentCommits?: string;
  memoryFiles: MemoryFile[];
}

export interface EnvironmentPort {
  info(): Promise<EnvironmentInfo>;
}
