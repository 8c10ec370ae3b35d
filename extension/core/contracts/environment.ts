import type { ConfigProblem } from '../base/configProblems';

/**
 * Where the agent runs and what it remembers: the environment the system prompt describes and the memory
 * files (CLAUDE.md and its imports, the nested ones).
 *
 * Ports are the only ways `core/` reaches the outside world. Each has a VS Code adapter (`host/vscode/`)
 * and a plain-Node adapter (`host/node/`), wired in `extension.ts`. No `vscode`, no SDK here.
 */

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

/** The nested memory files (CLAUDE.md in sub-folders) a session has loaded (core/engines/memory/nested.ts implements it). */
export interface NestedMemoryFiles {
  /** The same files seen so far, for a sub-agent that loads further on its own. */
  fork(): NestedMemoryFiles;
  /** The memory files above `target` not loaded before, now loaded. */
  touch(target: string, cwd?: string): Promise<MemoryFile[]>;
}
