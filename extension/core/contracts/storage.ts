/**
 * Where a session keeps its own files: its private storage folder and its transcripts.
 *
 * Ports are the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

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
