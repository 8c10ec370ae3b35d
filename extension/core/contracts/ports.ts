import type { AssistantContentBlock, AssistantMessage, Message, TextBlock, ToolDefinition } from '../base/messages';
import type { TextFile } from '../base/text/encoding';
import type { ConfigProblem } from '../base/configProblems';
import type { ToolPermissionContext } from './permissions';

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
  /** System prompt blocks; cache breakpoints already placed (core/loop/query/cache.ts). */
  system?: readonly TextBlock[];
  messages: readonly Message[];
  tools?: readonly ToolDefinition[];
  thinking?: ThinkingParam;
  /** `output_config.effort`; set only for models that accept it (core/engines/models/requestOptions.ts). */
  effort?: 'low' | 'medium' | 'high';
  stopSequences?: readonly string[];
  /** Forces a call of the named tool (a side request wanting a structured answer, e.g. the auto-mode classifier). */
  toolChoice?: { type: 'tool'; name: string };
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
  /** `model`: the model the API says answered, when the client reports it. */
  | { type: 'messageStart'; messageId: string; usage: ModelUsage; model?: string }
  /** A content block opens (`content_block_start`): a tool_use with its id and name and empty input. Optional: clients may leave it out. */
  | { type: 'blockStart'; index: number; block: AssistantContentBlock }
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
  /**
   * The model ids the provider's models list offers, for `/model` and the header's picker; a provider without
   * a list leaves it out. May throw (no key, offline): callers then list the model table alone.
   */
  listModels?(signal?: AbortSignal): Promise<string[]>;
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

/**
 * Where the API key comes from; read on every request so a key set mid-session takes effect. `provider`: a
 * cloud provider (Bedrock, Vertex AI, Foundry) is in use, whose SDK finds its own credentials (no key).
 */
export interface CredentialsPort {
  getApiKey(): Promise<{ key: string; source: 'secretStorage' | 'environment' | 'provider' } | undefined>;
}

/** Settings the loop reads; read on each request so changes apply without a reload. */
export interface SettingsPort {
  model(): string;
  /** The user's `max_tokens`; undefined: the model's maximum output (the model table). */
  maxTokens(): number | undefined;
  apiBaseUrl(): string | undefined;
  /** `codewright.thinking` / `--thinking`: 'on' (default), 'off' or a budget. */
  thinking?(): 'on' | 'off' | number;
  /** `codewright.effort` / `--effort`; undefined: the model's default. */
  effort?(): 'low' | 'medium' | 'high' | undefined;
}

/**
 * The window's permission context (rules, mode: settings files, the mode picker); each turn starts from it
 * and accepted suggestions go back into it. VS Code keeps it in `host/vscode/permissionState.ts`, the CLI in
 * a variable.
 */
export interface PermissionHolder {
  current(): ToolPermissionContext;
  update(f: (prev: ToolPermissionContext) => ToolPermissionContext): void;
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
  /** The files its `@path` lines import, depth first in the order they appear (core/engines/memory/load.ts). */
  imports?: MemoryImport[];
}

/** A file a memory file imports with `@path`; shown after the importing file's own text. */
export interface MemoryImport {
  path: string;
  /** The file whose `@path` line brought it in (the memory file or another import). */
  importedFrom: string;
  /** 1-based line of that `@path` in `importedFrom`. */
  line: number;
  content: string;
}

/** Memory files as read now, and what was skipped (a missing import, a cycle, an import too deep). */
export interface MemoryLoad {
  files: MemoryFile[];
  problems: ConfigProblem[];
}

/** The file access memory needs: reading CLAUDE.md files and imports, appending `#` notes. */
export interface MemoryIo {
  /** Where `~/` points (`~/.claude/CLAUDE.md`, `@~/x.md`). */
  readonly homeDir: string;
  /** The file's text; undefined when it is missing or cannot be read (a folder, no permission). */
  readText(path: string): Promise<string | undefined>;
  /** Appends `text`, creating the file and its folders when missing. */
  appendText(path: string, text: string): Promise<void>;
}

/** What the system prompt says about where the agent runs. */
export interface EnvironmentInfo {
  cwd: string;
  /** Every folder of a multi-root workspace (absent with one folder: `cwd` says it). */
  workspaceFolders?: string[];
  /** Directories the user added (`additionalDirectories`, `--add-dir`); inside the workspace for the tools. */
  additionalDirectories?: string[];
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
  /**
   * The memory files read again now: a session calls it at the start of each turn, so an edited CLAUDE.md
   * counts from the next turn. Absent: `info()`'s list stays for the whole session.
   */
  memory?(): Promise<MemoryLoad>;
  /** File access for nested CLAUDE.md files and `#` notes; absent: neither is offered. */
  readonly memoryIo?: MemoryIo;
}

/** What a path is, and when it last changed (Edit refuses to act on a stale read). */
export interface FileStat {
  type: 'file' | 'directory' | 'other';
  size: number;
  mtimeMs: number;
}

/**
 * Files of the workspace. In VS Code an open, unsaved document is read from its buffer, and writes go
 * through a WorkspaceEdit and are saved, so open editors update and Ctrl+Z undoes them. On Node, writes are
 * atomic (temp file + rename). Paths are absolute.
 */
export interface Workspace {
  /** The workspace folders. */
  readonly roots: readonly string[];
  stat(path: string): Promise<FileStat | undefined>;
  readBytes(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<TextFile>;
  /** Writes `content` exactly (line endings already applied), in the given encoding, creating folders. */
  writeText(path: string, content: string, opts: { encoding: TextFile['encoding']; bom: boolean }): Promise<{ mtimeMs: number }>;
  list(dir: string): Promise<{ name: string; type: FileStat['type'] }[]>;
  /**
   * The path with every symlink resolved, for permission checks (a link inside the workspace may point
   * outside it). A path that does not exist yet resolves through its nearest existing ancestor; a dangling
   * link resolves to where it points. Never throws for a missing path.
   */
  realpath(path: string): Promise<string>;
}

/** ripgrep and file globbing; .gitignore respected. */
export interface SearchPort {
  /** Runs ripgrep; rejects with a clear error (what to install) when no rg can be found. */
  ripgrep(
    args: readonly string[],
    opts: { cwd: string; signal?: AbortSignal; maxOutputBytes?: number },
  ): Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }>;
  /**
   * Files under `cwd` matching `pattern`, with mtimes, at most `limit` (truncated says more exist). Files
   * `exclude` answers true for (absolute paths) are left out before the limit and counted in `hidden`.
   */
  glob(
    pattern: string,
    opts: { cwd: string; limit: number; signal?: AbortSignal; exclude?: (absPath: string) => boolean },
  ): Promise<{ files: { path: string; mtimeMs: number }[]; truncated: boolean; total?: number; hidden?: number }>;
}

export type LspOperation =
  | 'goToDefinition'
  | 'findReferences'
  | 'hover'
  | 'documentSymbol'
  | 'workspaceSymbol'
  | 'goToImplementation'
  | 'incomingCalls'
  | 'outgoingCalls';

/** A location, 1-based like the tool's input and output. */
export interface LspLocation {
  path: string;
  line: number;
  character: number;
  endLine?: number;
  endCharacter?: number;
  /** Symbol name or a short preview, when the server gives one. */
  label?: string;
  kind?: string;
}

export interface LspDiagnostic {
  path: string;
  line: number;
  character: number;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

/** Language intelligence (VS Code's language servers). Positions are 1-based. */
export interface LspPort {
  /** Undefined when no language server covers the file (the tool says so). */
  query(
    operation: LspOperation,
    params: { path?: string; line?: number; character?: number; query?: string },
  ): Promise<{ locations?: LspLocation[]; hover?: string } | undefined>;
  diagnostics(path?: string): Promise<LspDiagnostic[]>;
  /** The file's diagnostics before an edit, without waiting; undefined when no server has checked the file yet. */
  diagnosticsBeforeEdit?(path: string): Promise<LspDiagnostic[] | undefined>;
  /**
   * After an edit: waits for the language server to re-check the file (not at all where no server serves
   * its language, at most `timeoutMs`), then returns its errors and warnings.
   */
  diagnosticsAfterEdit?(path: string, timeoutMs: number): Promise<LspDiagnostic[]>;
}

/** Open notebooks (VS Code's notebook API); absent on Node, where NotebookEdit edits the .ipynb JSON. */
export interface NotebookPort {
  isOpen(path: string): boolean;
  /** Applies one cell edit to the open notebook and saves it. */
  editCell(
    path: string,
    edit: { mode: 'replace' | 'insert' | 'delete'; cellId?: string; source: string; cellType?: 'code' | 'markdown' },
  ): Promise<{ cellId: string | undefined }>;
}

/** The nested memory files (CLAUDE.md in sub-folders) a session has loaded (core/engines/memory/nested.ts implements it). */
export interface NestedMemoryFiles {
  /** The same files seen so far, for a sub-agent that loads further on its own. */
  fork(): NestedMemoryFiles;
  /** The memory files above `target` not loaded before, now loaded. */
  touch(target: string, cwd?: string): Promise<MemoryFile[]>;
}
