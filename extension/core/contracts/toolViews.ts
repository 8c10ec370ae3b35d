/**
 * What a tool tells others about itself besides its result (docs/ARCHITECTURE.md, The Tool contract): its
 * line in the system prompt, the structured view of its result in the chat, the view of a sub-agent a call
 * runs, the file change a call proposes for review, and the command a call asks to run. Each is an optional member of `Tool`, so the layers that
 * use them ask the tool instead of branching on its name. Typed structurally: core knows no protocol.
 */

/** The tool's line in the system prompt's "Using tools" section. */
export interface ToolGuidance {
  /**
   * Where the line goes: lines are sorted by rank (then by tool name), never by the order the tools arrive
   * in, so the prompt stays byte-identical for prompt caching. The section's own line about parallel calls
   * has rank `PARALLEL_GUIDANCE_RANK`.
   */
  rank: number;
  /** The line without its leading "- " and final full stop; a function when it depends on the other tools offered. */
  text: string | ((offered: GuidanceContext) => string);
  /** Shell commands the tool replaces ("cat, head or tail"); named when a shell tool is offered too. */
  insteadOf?: string;
  /** The tool runs shell commands: the other lines' `insteadOf` say "… through <this tool>". */
  runsShell?: boolean;
}

/** What a guidance line may depend on. */
export interface GuidanceContext {
  /** Some offered tool replaces shell commands (has `insteadOf`). */
  replacesShell: boolean;
}

/** The rank of the system prompt's line about running independent calls in parallel. */
export const PARALLEL_GUIDANCE_RANK = 400;

/** What `present` sees of a finished call. */
export interface PresentArgs {
  /** The input as the model sent it, uncapped. */
  input: Record<string, unknown>;
  /** The tool's own output (`ToolResult.data`); undefined when the call failed before producing one. Parse it, never cast. */
  output: unknown;
  /** The tool_result text the model saw. */
  text: string;
  isError: boolean;
}

/**
 * A structured view of a result for the chat; `kind` picks the renderer. The chat layer checks it against
 * the protocol's schema before it is sent, and drops it (the text preview remains) when it does not fit.
 */
export interface ToolPresentation {
  readonly kind: string;
}

/**
 * The view of the sub-agent a call runs, nested under the call's row (its type, model, tokens, clock, its own
 * tool uses, the last line it wrote); `agentId` names the run. Typed structurally like `ToolPresentation`: the
 * chat checks each view against the protocol's `SubAgentViewSchema` before it is sent.
 */
export interface SubAgentPresentation {
  readonly agentId: string;
}

/** How a tool whose calls run a sub-agent (Agent) folds the call's progress into that view. */
export interface SubAgentViewer {
  /** The view after one progress payload (`prev` is not changed); undefined for a payload that is not the sub-agent's. `now` is epoch ms. */
  apply(prev: SubAgentPresentation | undefined, progress: unknown, now: number): SubAgentPresentation | undefined;
  /** The view once the call ended or its turn stopped: the rows still running are stopped and the clock stops; `result` is the call's result view, if any. */
  finish(view: SubAgentPresentation, now: number, result: ToolPresentation | undefined): SubAgentPresentation;
}

/** How to read the file a proposal starts from, and which form the texts take. */
export interface ProposeOptions {
  cwd: string;
  /** The file's current text; undefined when it does not exist or cannot be read. */
  read: (absPath: string) => Promise<string | undefined>;
  /**
   * Keep the texts' own line endings and match Edit's strings against the file as it is (the approval
   * dialog's preview). Without it, every text is LF, as the diff review edits them.
   */
  keepLineEndings?: boolean;
}

/** A file change a call would make, as two texts a diff can show, and the input that applies an edited one. */
export interface ProposedChange {
  /** Absolute path of the file the tool changes. */
  path: string;
  /** Name of the review documents: the file's base name, or the notebook's with the cell. */
  name: string;
  /** The text as it is now ('' for a new file or cell), and as proposed. */
  before: string;
  after: string;
  /** The file or cell does not exist yet. */
  created: boolean;
  /** `before` and `after` are the whole file (Edit, Write), not a part of it (a notebook cell). */
  wholeFile: boolean;
  /** False where an edited proposal cannot be applied (deleting a cell). */
  editable: boolean;
  /** The tool input that applies `final` instead of the proposal. */
  inputFor(final: string): Record<string, unknown>;
}

/** The shell command a call asks to run, for the permission dialog. */
export interface CommandPreview {
  command: string;
  description?: string;
}
