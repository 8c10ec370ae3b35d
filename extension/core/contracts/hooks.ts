/**
 * Hooks (docs/ARCHITECTURE.md, Hooks), Claude Code's format: shell commands from the settings files' `hooks`
 * key that run at points of a session (before and after a tool, when a prompt is sent, when the agent would
 * stop, …), get the event as JSON on stdin and answer with their exit code and, optionally, JSON on stdout.
 * The types here are shared by the config loader, the engine and the places that fire events; running a
 * process is the `HookRunnerPort` (host/node/hookRunner.ts), so core stays pure.
 */

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'Notification',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** Events whose matcher is tested against the tool name; the others ignore it. */
export const TOOL_HOOK_EVENTS: readonly HookEventName[] = ['PreToolUse', 'PostToolUse'];

/** Claude Code's default, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SEC = 60;

/**
 * Which settings file a hook came from; `cliArg` is a file given with `--settings`, `session` a hook the
 * session's host registered (the Agent SDK's hook callbacks).
 */
export type HookSource = 'userSettings' | 'projectSettings' | 'localSettings' | 'cliArg' | 'session' | 'plugin';

/**
 * A hook that is a function of the host instead of a shell command (the Agent SDK's hook callbacks): it gets
 * the event JSON a command reads on stdin and answers with what a command would print as JSON, which is
 * honoured exactly as a command's output (output.ts). A failure (it threw, or did not answer in time) is a
 * non-blocking error, or with `failureBlocks` a block as exit 2 is.
 */
export interface HookCallback {
  run(input: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  failureBlocks?: boolean;
}

/** One command hook, flattened out of its event and matcher group. */
export interface HookCommand {
  event: HookEventName;
  /** As written; '' matches everything. */
  matcher: string;
  /** The shell command; for a callback hook, its name in messages. */
  command: string;
  timeoutSec: number;
  source: HookSource;
  /** The settings file it came from, and the line of its entry, for messages. */
  path: string;
  line: number;
  /** Set: the hook is this function, and `command` only names it. */
  callback?: HookCallback;
  /** More environment for the command (a plugin's hooks get `CLAUDE_PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
}

/** What the runner is asked to do: one shell command, the event JSON on stdin. */
export interface HookRunRequest {
  command: string;
  stdin: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** How the command ended; `exitCode` is null when it was killed or could not start (`error`). */
export interface HookRunResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The command could not be started or was cancelled. */
  error?: string;
}

/** Runs one hook command (host/node/hookRunner.ts on Node; tests give fakes). Never rejects. */
export interface HookRunnerPort {
  run(request: HookRunRequest): Promise<HookRunResult>;
}

/** The event-specific fields of the stdin JSON, as Claude Code sends them. */
export type HookEventPayload =
  | { hook_event_name: 'PreToolUse'; tool_name: string; tool_input: unknown; tool_use_id?: string }
  | { hook_event_name: 'PostToolUse'; tool_name: string; tool_input: unknown; tool_response: unknown; tool_use_id?: string }
  | { hook_event_name: 'UserPromptSubmit'; prompt: string }
  | { hook_event_name: 'Stop' | 'SubagentStop'; stop_hook_active: boolean }
  | { hook_event_name: 'SessionStart'; source: 'startup' | 'resume' | 'clear' | 'compact' }
  | { hook_event_name: 'SessionEnd'; reason: 'clear' | 'logout' | 'prompt_input_exit' | 'other' }
  | { hook_event_name: 'PreCompact'; trigger: 'manual' | 'auto'; custom_instructions: string }
  | { hook_event_name: 'Notification'; message: string; title?: string };

/** The PreToolUse permission answer of one hook. */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask';

/** How one hook run turned out. */
export interface HookOutcome {
  hook: HookCommand;
  /** success: exit 0; blocking: exit 2 or `decision: "block"`; error: anything else, a crash or a timeout. */
  kind: 'success' | 'blocking' | 'error';
  /** What to tell: stderr of a blocking exit, the reason of a block, or why it failed. */
  message?: string;
  timedOut?: boolean;
  /** stdout when it was not JSON (exit 0): UserPromptSubmit and SessionStart add it as context. */
  plainStdout?: string;
  durationMs: number;
}

/** Everything the hooks of one event said, combined. */
export interface HookEventResult {
  outcomes: HookOutcome[];
  /** The first blocking outcome: exit 2 (its stderr) or `decision: "block"` (its reason). */
  block?: { reason: string; hookName: string };
  /** `continue: false`: the session's turn stops, `reason` is shown to the user. */
  stop?: { reason: string; hookName: string };
  /** PreToolUse: deny beats ask beats allow. */
  permission?: { decision: HookPermissionDecision; reason?: string; hookName: string };
  /** PreToolUse: the tool input a hook rewrote (re-validated by the caller). */
  updatedInput?: Record<string, unknown>;
  /** Text for the model (additionalContext, or plain stdout where Claude Code adds it). */
  additionalContext: string[];
  /** Messages for the user: `systemMessage`s and non-blocking errors. */
  userMessages: string[];
}

/** The name a decision reason and a message give a hook: its command, shortened. */
export function hookName(hook: HookCommand): string {
  const command = hook.command.replace(/\s+/g, ' ').trim();
  return command.length > 80 ? `${command.slice(0, 79)}…` : command;
}

/** Who fires the event: the session and where its tools work. */
export interface HookCallContext {
  sessionId: string;
  cwd: string;
  signal?: AbortSignal;
}

/** What the loop and the tool executor ask of the window's hooks (core/engines/hooks/engine.ts implements it). */
export interface Hooks {
  /** Whether any hook is configured for the event (so its payload need not be built). */
  has(event: HookEventName): boolean;
  run(payload: HookEventPayload, call: HookCallContext): Promise<HookEventResult>;
}
