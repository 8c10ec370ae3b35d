/**
 * Ports: the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

/** One message of a model request. The walking skeleton sends text only; tool blocks arrive with the agent loop. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  model: string;
  maxTokens: number;
  system?: string;
  messages: readonly ModelMessage[];
  /** Aborting ends the stream; the iterator then throws a `ModelError` of kind `aborted`. */
  signal: AbortSignal;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
}

export type ModelStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'done'; stopReason: string | null; usage: ModelUsage };

/** Streams one Messages API request. Implemented by `extension/llm/` on @anthropic-ai/sdk. */
export interface ModelClient {
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

export type ModelErrorKind =
  | 'aborted'
  | 'auth'
  | 'permission'
  | 'invalidRequest'
  | 'rateLimit'
  | 'overloaded'
  | 'server'
  | 'network';

/** A failed model request, classified so the UI can say what to do next. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelError';
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
