/**
 * Slash commands (after Claude Code's `commands.ts`): `prompt` commands expand into a prompt for the model
 * (skills, custom commands), `local` commands run in the host and print text, `local-jsx` commands open a
 * panel in the webview. Built-ins, user and project files, plugins and MCP prompts all become `Command`s.
 */
import type { ConfigProblem } from '../base/configProblems';
import type { ImageBlock, TextBlock } from '../base/messages';
import type { AppState } from './appState';

/** Where a command was defined; the UI groups by it, and project commands are trusted less than built-ins. */
export type CommandSource = 'builtin' | 'user' | 'project' | 'plugin' | 'mcp';

/** Fields every command has. */
export interface CommandBase {
  /** Without the leading `/`. */
  name: string;
  description: string;
  aliases?: string[];
  /** Shown after the name while typing, e.g. `<file> [line]`. */
  argumentHint?: string;
  /** Checked each time the command list is built, so a command can depend on settings. */
  isEnabled?: () => boolean;
  /** Not listed in the `/` menu, but still runs when typed. */
  isHidden?: boolean;
  /** False for commands only the model may invoke (through the Skill tool). */
  userInvocable?: boolean;
  /** True for commands only the user may invoke. */
  disableModelInvocation?: boolean;
  /** Tells the model when to invoke it. */
  whenToUse?: string;
  source: CommandSource;
  /** Loaded from a SKILL.md: the system prompt lists it for the model to load with the Skill tool. */
  isSkill?: boolean;
  /** The file or server it was loaded from, for error messages. */
  loadedFrom?: string;
}

/** What a command receives when it runs. */
export interface CommandContext {
  cwd: string;
  getAppState: () => AppState;
  setAppState: (f: (prev: AppState) => AppState) => void;
  abortSignal: AbortSignal;
  /**
   * Runs a tool for a prompt command's `!` lines (Bash) and `@` references (Read), through the permission
   * engine exactly as a model's call would go, with `allowedTools` (the command's `allowed-tools`) added as
   * allow rules for this call only. Absent where no tool may run (the expansion then says so in the prompt).
   */
  runTool?: (name: string, input: Record<string, unknown>, opts: { allowedTools: readonly string[] }) => Promise<CommandToolResult>;
}

/** What `runTool` returns: the tool's result text, or why it did not run (denied, failed). */
export interface CommandToolResult {
  ok: boolean;
  text: string;
}

/** Expands into content sent to the model as the user's turn. */
export type PromptCommand = CommandBase & {
  type: 'prompt';
  /** Shown while the prompt is being built, e.g. `reviewing changes`. */
  progressMessage: string;
  /** Length of the prompt text, so the context budget can be estimated without building it. */
  contentLength: number;
  /** Tools the expanded prompt may use without asking. */
  allowedTools?: string[];
  model?: string;
  /**
   * A skill's `context: fork`: the Skill tool runs it in a fork of the conversation (core/loop/subagents/fork.ts)
   * and returns the fork's report; `inline` (the default) puts its text into the conversation.
   */
  context?: 'inline' | 'fork';
  getPromptForCommand(args: string, context: CommandContext): Promise<(TextBlock | ImageBlock)[]>;
};

/** What a local command produced: text to show, a compaction to apply, or nothing. */
export type LocalCommandResult = { type: 'text'; value: string } | { type: 'compact'; summary: string } | { type: 'skip' };

/** Runs in the host without the model. */
export type LocalCommand = CommandBase & {
  type: 'local';
  /** It also works in headless runs, where there is no webview. */
  supportsNonInteractive: boolean;
  call(args: string, context: CommandContext): Promise<LocalCommandResult>;
};

/** Opens a panel in the webview (settings, model picker, ...). */
export type LocalJSXCommand = CommandBase & {
  type: 'local-jsx';
  /** the webview renders the named panel */
  panel: string;
  call(args: string, context: CommandContext): Promise<{ panel: string; props: Record<string, unknown> }>;
  /** The panel's content as text, for hosts without a webview (the CLI); absent when it has none. */
  renderText?(args: string, context: CommandContext): Promise<string>;
};

/** Any slash command. */
export type Command = PromptCommand | LocalCommand | LocalJSXCommand;

/** The name a user types (without `/`). */
export function getCommandName(cmd: Command): string {
  return cmd.name;
}

/**
 * The command called `name`, else the first one having it as an alias; a leading `/` is ignored, so `/help`
 * finds `help`. Names win over aliases so a plugin's alias cannot shadow another command's name.
 */
export function findCommand<C extends Command>(name: string, commands: readonly C[]): C | undefined {
  const wanted = name.trim().replace(/^\//, '');
  if (wanted === '') return undefined;
  return commands.find((c) => getCommandName(c) === wanted) ?? commands.find((c) => c.aliases?.includes(wanted) === true);
}

/** Reads commands from somewhere (files, skills, plugins); problems are the parts it had to skip. */
export type CommandLoader = () => Promise<{ commands: Command[]; problems: ConfigProblem[] }>;
