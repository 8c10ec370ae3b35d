import type { TextFile } from '../base/text/encoding';

/**
 * The workspace's files and what knows about them: reading and writing, search, language servers and
 * open notebooks.
 *
 * Ports are the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

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

/** `SearchPort.listFiles`' answer: exit code and stderr are rg's (0 as well when stopped at the byte cap). */
export interface ListedFiles {
  files: { path: string; mtimeMs: number | undefined }[];
  hidden: number;
  exitCode: number;
  stderr: string;
  /** rg's output went past `maxOutputBytes`, so rg was stopped and the list is partial. */
  truncated: boolean;
}

/** ripgrep and file globbing; .gitignore respected. */
export interface SearchPort {
  /** Runs ripgrep; rejects with a clear error (what to install) when no rg can be found. */
  ripgrep(
    args: readonly string[],
    opts: { cwd: string; signal?: AbortSignal; maxOutputBytes?: number },
  ): Promise<{ stdout: string; stderr: string; exitCode: number; truncated: boolean }>;
  /**
   * Runs ripgrep for a list of files (`--files --null`, `--files-with-matches --null`) and stats each file as rg
   * prints it, so the stats overlap rg's own work instead of following it. Paths are absolute (rg's relative
   * ones resolved against `cwd`), in rg's order; `mtimeMs` is undefined for a file that could not be stat'ed.
   * Files `exclude` answers true for are left out, never stat'ed, and counted in `hidden`.
   */
  listFiles(
    args: readonly string[],
    opts: { cwd: string; signal?: AbortSignal; maxOutputBytes?: number; exclude?: (absPath: string) => boolean },
  ): Promise<ListedFiles>;
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
