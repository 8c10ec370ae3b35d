/**
 * The shell port: how the Bash tool and background tasks start commands (host/node/shell/ implements it;
 * VS Code wraps it to mirror commands in a terminal). Kept apart from the other ports (modelClient.ts, workspace.ts, …).
 */
/** Whether commands can run sandboxed here; `reason` says what is missing when they cannot. */
export type SandboxStatus = { available: true } | { available: false; reason: string };

/**
 * What a sandboxed command may do (core/engines/permissions/sandboxPlan.ts builds it from the `sandbox` settings): absolute
 * paths, domains as in `sandbox.network.allowedDomains`. Everything else is refused: writes outside
 * `allowWrite` (and the sandbox's own temp folder), connections to other domains.
 */
export interface SandboxPolicy {
  allowWrite: readonly string[];
  denyWrite: readonly string[];
  denyRead: readonly string[];
  allowRead: readonly string[];
  allowedDomains: readonly string[];
  deniedDomains: readonly string[];
  allowUnixSockets: readonly string[];
  allowAllUnixSockets: boolean;
  allowLocalBinding: boolean;
  enableWeakerNestedSandbox: boolean;
}

/**
 * Asks whether commands may run unsandboxed when the `sandbox` setting is on but the sandbox cannot run
 * here (VS Code: a modal once per session; the CLI: `--allow-unsandboxed`). `reason` says what is missing
 * and how to install it. Absent: never.
 */
export interface SandboxFallbackPort {
  allowUnsandboxed(reason: string): Promise<boolean>;
}

/** How one shell command is started. */
export interface ShellSpawnOptions {
  /** Absolute working directory the command starts in. */
  cwd: string;
  /**
   * Absolute path of the file stdout and stderr are both written to (one open file, so the two streams
   * keep the order they were written in). The file keeps growing after a command moves to the background.
   */
  outputFile: string;
  /** Variables added to the inherited environment. */
  env?: Readonly<Record<string, string>>;
  /** One line for mirrors and logs: the tool's description, else the command. */
  label?: string;
  /** Run inside the sandbox; spawn throws when `sandbox().available` is false. */
  sandboxed?: boolean;
  /** What the sandbox allows (with `sandboxed`); without one, writes only in `cwd` and no network. */
  sandboxPolicy?: SandboxPolicy;
}

/** How a command ended. */
export interface ShellExit {
  /** Exit status; 128 + n when a signal n ended it (what bash reports). */
  code: number;
  /** The signal that ended it, when one did. */
  signal?: string;
  /** The shell's working directory when it exited, when the shell could report it. */
  cwd?: string;
  /** A sandboxed run: what the sandbox recorded blocking (one line each), when it recorded anything. */
  sandboxViolations?: string[];
}

/** A running command: its own process group, so killing it kills everything it started. */
export interface ShellProcess {
  readonly pid: number | undefined;
  /** Receives output text as it is written (stdout and stderr merged); returns the unsubscribe function. */
  onOutput(listener: (text: string) => void): () => void;
  /** Settles once the shell exits (never rejects: a failure to start is exit code 127 with a message in the output). */
  readonly exited: Promise<ShellExit>;
  /** SIGTERM to the whole process group, SIGKILL after a grace period; resolves once the shell is gone. */
  kill(): Promise<void>;
  /** The command left the foreground (a background task): mirrors stop echoing it. */
  background(taskId: string): void;
}

/**
 * Runs shell commands (bash). Each command is a fresh `bash -c` in its own process group; the caller keeps
 * the working directory between commands (`ShellExit.cwd`). VS Code wraps the Node adapter to mirror
 * commands and output into a terminal.
 */
export interface ShellPort {
  spawn(command: string, opts: ShellSpawnOptions): ShellProcess;
  sandbox(): SandboxStatus;
}
