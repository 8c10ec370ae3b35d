/**
 * The tool contract: every action of the agent is a Tool, declared once with a Zod schema, validated,
 * permission-checked, executed, mapped to a tool_result and rendered. Follows the design of
 * Claude Code's `Tool.ts` (docs/ARCHITECTURE.md, The tool pipeline).
 */
import type { z } from 'zod';
import type { AgentDefinition } from './agents';
import type { Command } from './commands';
import type { AppState } from './appState';
import type { ToolUseContext } from './toolUseContext';
import type { AssistantMessage, Message, ToolResultBlock } from '../base/messages';
import type { PermissionDecision, PermissionResult, ToolPermissionContext } from './permissions';
import type { CommandPreview, PresentArgs, ProposedChange, ProposeOptions, SubAgentViewer, ToolGuidance, ToolPresentation } from './toolViews';

/** A Zod schema whose output is an object: every tool input is one. */
export type AnyObject = z.ZodType<{ [key: string]: unknown }>;

/** Progress payloads are tool-specific; `type` lets the UI pick a renderer. */
export interface ToolProgressData {
  type: string;
}

export interface ToolProgress<P extends ToolProgressData = ToolProgressData> {
  toolUseID: string;
  data: P;
}

export type ToolCallProgress<P extends ToolProgressData = ToolProgressData> = (progress: ToolProgress<P>) => void;

export type ValidationResult = { result: true } | { result: false; message: string; errorCode?: number };

export interface ToolResult<T> {
  data: T;
  /** Messages appended to the conversation after the tool results (e.g. an attachment). */
  newMessages?: Message[];
  /** Applied to the context of later tools; honoured only for tools that are not concurrency-safe. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /** Metadata an MCP server attached to its result (`_meta`, structured content). */
  mcpMeta?: { _meta?: Record<string, unknown>; structuredContent?: Record<string, unknown> };
}

/** The callback that decides (asking the user when needed) whether a tool_use may run. */
export type CanUseToolFn = (
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ToolUseContext,
  assistantMessage: AssistantMessage,
  toolUseId: string,
) => Promise<PermissionDecision>;

/** What `description()` and `prompt()` may depend on. */
export interface ToolPromptOptions {
  isNonInteractiveSession: boolean;
  toolPermissionContext: ToolPermissionContext;
  tools: Tools;
  commands?: readonly Command[];
  /** The agent types the Agent tool's description lists. */
  agentDefinitions?: readonly AgentDefinition[];
}

export interface Tool<Input extends AnyObject = AnyObject, Output = unknown, P extends ToolProgressData = ToolProgressData> {
  /** The wire name the model calls (Claude Code's names: Read, Bash, ...). */
  readonly name: string;
  /** Former names still accepted from the model (and from transcripts). */
  readonly aliases?: readonly string[];
  /** Extra words for ToolSearch's keyword match. */
  readonly searchHint?: string;
  readonly inputSchema: Input;
  /** MCP tools carry the server's JSON Schema verbatim instead of a converted Zod schema. */
  readonly inputJSONSchema?: { type: 'object'; [key: string]: unknown };
  readonly strict?: boolean;
  /** Left out of the initial tool list; the model loads it through ToolSearch. */
  readonly shouldDefer?: boolean;
  /** Never deferred, even when deferral would otherwise apply. */
  readonly alwaysLoad?: boolean;
  /** Results longer than this are persisted to a file and previewed; `Infinity` when the tool bounds itself. */
  readonly maxResultSizeChars: number;

  description(input: z.infer<Input>, options: ToolPromptOptions): Promise<string>;
  prompt(options: ToolPromptOptions): Promise<string>;
  userFacingName(input?: Partial<z.infer<Input>>): string;
  call(
    args: z.infer<Input>,
    context: ToolUseContext,
    canUseTool: CanUseToolFn,
    parentMessage: AssistantMessage,
    onProgress?: ToolCallProgress<P>,
  ): Promise<ToolResult<Output>>;
  validateInput?(input: z.infer<Input>, context: ToolUseContext): Promise<ValidationResult>;
  /** Tool-specific permission logic; the general permission system runs around it. */
  checkPermissions(input: z.infer<Input>, context: ToolUseContext): Promise<PermissionResult>;
  isEnabled(): boolean;
  /** The call changes nothing: no file, no state, no other agent. Plan mode runs only such calls (and `sessionStateOnly` tools). */
  isReadOnly(input: z.infer<Input>): boolean;
  /**
   * The call cannot be undone (delete, overwrite, send): the dialog, the headless denial and the auto-mode
   * classifier say so, with `destructiveWarning`. `context` is the call's, where the caller has it.
   */
  isDestructive(input: z.infer<Input>, context?: ToolUseContext): boolean;
  /**
   * Not read-only, but what it changes is the session's own bookkeeping (its todo list, its work list, its
   * permission mode), nothing in the workspace or outside the session: plan mode lets it run.
   */
  readonly sessionStateOnly?: boolean;
  isConcurrencySafe(input: z.infer<Input>): boolean;
  /** What happens when the user sends a message mid-run: 'cancel' aborts, 'block' finishes first. */
  interruptBehavior?(): 'cancel' | 'block';
  /** A compact rendering of the input for a safety classifier; '' when nothing is relevant. */
  toAutoClassifierInput(input: z.infer<Input>): unknown;
  mapToolResultToToolResultBlockParam(output: Output, toolUseId: string): ToolResultBlock;
  /** One line for collapsed tool rows ("src/app.ts:10-40"); paths relative to `options.cwd`. */
  getToolUseSummary?(input: Partial<z.infer<Input>> | undefined, options?: { cwd?: string }): string | null;
  /** Present-tense activity for spinners ("Reading src/app.ts"). */
  getActivityDescription?(input: Partial<z.infer<Input>> | undefined, options?: { cwd?: string }): string | null;
  /** The verb the permission dialog asks with, before the call's summary ("Edit" → "Edit src/a.ts?"); without one it asks "Allow <name>: <summary>?". */
  approvalVerb?(input: Partial<z.infer<Input>> | undefined): string;
  /**
   * Why a destructive call is destructive, one line without a final stop ("This overwrites an existing file
   * (destructive: …)"); read only when `isDestructive` is true, through `destructiveWarningOf`.
   */
  destructiveWarning?(input: z.infer<Input>, context?: ToolUseContext): string | undefined;
  /** The chat row's label when the tool has a human title its wire name does not give (an MCP tool's `annotations.title`). */
  rowLabel?(): string | undefined;
  /** The tool's line in the system prompt's tool guidance; without one the prompt does not name the tool. */
  readonly guidance?: ToolGuidance;
  /** A structured view of a finished call for the chat; without one (or when it returns undefined) the chat shows the result text. */
  present?(args: PresentArgs): ToolPresentation | undefined;
  /** Tools whose calls run a sub-agent (Agent): the view of its work the chat nests under the call, folded from the call's progress. */
  readonly subAgentView?: SubAgentViewer;
  /**
   * Tools that change files: the change a call would make, for the diff review and the approval dialog's
   * preview. `input` is the permission prompt's, checked here rather than trusted; undefined when the
   * change cannot be reproduced exactly.
   */
  proposeChange?(input: Record<string, unknown>, options: ProposeOptions): Promise<ProposedChange | undefined>;
  /**
   * Tools whose calls change the session's state (the todo list, the work list): that state after a finished
   * call, from the state before it, so a resumed session gets it back (calls are replayed in transcript order,
   * never one whose result was an error). `result` is the result's text, undefined when the transcript holds
   * none; `key` is the todo list's owner (the main agent's id, else the session id).
   */
  restoreState?(call: RestoredCall, state: AppState): AppState;
  /** Tools that run shell commands: the command a call asks to run, for the approval dialog. */
  commandPreview?(input: Record<string, unknown>): CommandPreview | undefined;
}

/** A finished call as `Tool.restoreState` replays it. */
export interface RestoredCall {
  input: unknown;
  result: string | undefined;
  key: string;
}

/** Any tool, whatever its input, output and progress types (for registries and the executor). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- call's args are contravariant: only `any` admits every tool
export type AnyTool = Tool<any, any, any>;
export type Tools = readonly AnyTool[];

/** The keys `buildTool` fills in when a definition leaves them out. */
export type DefaultableToolKeys =
  | 'isEnabled'
  | 'isConcurrencySafe'
  | 'isReadOnly'
  | 'isDestructive'
  | 'checkPermissions'
  | 'toAutoClassifierInput'
  | 'userFacingName';

/** A tool as written: the defaultable keys are optional. */
export type ToolDef<Input extends AnyObject = AnyObject, Output = unknown, P extends ToolProgressData = ToolProgressData> = Omit<
  Tool<Input, Output, P>,
  DefaultableToolKeys
> &
  Partial<Pick<Tool<Input, Output, P>, DefaultableToolKeys>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyTool
type AnyToolDef = ToolDef<any, any, any>;
type InputOf<D> = D extends ToolDef<infer I, unknown, ToolProgressData> ? I : AnyObject;
type Defaults<D> = Pick<Tool<InputOf<D> & AnyObject>, DefaultableToolKeys>;

/**
 * The tool `buildTool(def)` returns: every defaultable key is present; where the definition supplies one,
 * its own (possibly narrower) type wins over the default's.
 */
export type BuiltTool<D> = Omit<D, DefaultableToolKeys> & {
  [K in DefaultableToolKeys]-?: K extends keyof D ? (undefined extends D[K] ? Defaults<D>[K] : D[K]) : Defaults<D>[K];
};

/**
 * Fail-closed defaults: assume a tool writes, is not safe to run in parallel, and defer permission to the
 * general system (which asks unless a rule or mode allows).
 */
export const TOOL_DEFAULTS = {
  isEnabled: () => true,
  isConcurrencySafe: (_input?: unknown) => false,
  isReadOnly: (_input?: unknown) => false,
  isDestructive: (_input?: unknown) => false,
  checkPermissions: (input: { [key: string]: unknown }, _context?: ToolUseContext): Promise<PermissionResult> =>
    Promise.resolve({ behavior: 'allow', updatedInput: input }),
  toAutoClassifierInput: (_input?: unknown) => '',
  interruptBehavior: (): 'cancel' | 'block' => 'block',
} as const;

export function buildTool<D extends AnyToolDef>(def: D): BuiltTool<D> {
  return {
    ...TOOL_DEFAULTS,
    userFacingName: () => def.name,
    ...def,
  } as BuiltTool<D>;
}

/** True when `name` is the tool's wire name or one of its aliases. */
export function toolMatchesName(tool: Pick<AnyTool, 'name' | 'aliases'>, name: string): boolean {
  return tool.name === name || (tool.aliases?.includes(name) ?? false);
}

export function findToolByName(tools: Tools, name: string): AnyTool | undefined {
  return tools.find((t) => toolMatchesName(t, name));
}

/** What a destructive call is said to do when its tool gives no reason of its own. */
export const DEFAULT_DESTRUCTIVE_WARNING = 'This action is destructive: it cannot be undone';

/**
 * The warning for a call its tool calls destructive (`isDestructive`), in the tool's words or the default;
 * undefined for any other call. Every surface that asks or refuses reads it here: the chat's dialog, VS Code's
 * modal, the CLI's question and its denial, the auto-mode classifier.
 */
export function destructiveWarningOf(tool: AnyTool, input: Record<string, unknown>, context?: ToolUseContext): string | undefined {
  if (!tool.isDestructive(input, context)) return undefined;
  return tool.destructiveWarning?.(input, context) || DEFAULT_DESTRUCTIVE_WARNING;
}

/** 'block' unless the tool says otherwise (fail-closed: finishing is safer than abandoning a write). */
export function interruptBehaviorOf(tool: AnyTool): 'cancel' | 'block' {
  return tool.interruptBehavior?.() ?? 'block';
}
