/**
 * Output styles (docs/ARCHITECTURE.md, Output styles), as Claude Code has them: a markdown file whose body is
 * added to the system prompt, changing how the agent answers (role, tone, format) rather than what it knows.
 * Built-in (`default`, `Explanatory`, `Learning`), the user's (`<config>/output-styles/*.md`), the project's
 * (`.claude/output-styles/*.md`) and plugins' (`<plugin>:<style>`); the `outputStyle` setting or
 * `/output-style <name>` picks one.
 */

/** Where a style was defined; a later source wins a name (built-in < plugin < user < project). */
export type OutputStyleSource = 'builtin' | 'plugin' | 'user' | 'project';

/** The style that changes nothing: the system prompt is the one without a style, byte for byte. */
export const DEFAULT_OUTPUT_STYLE = 'default';

/** One output style. */
export interface OutputStyle {
  /** What the setting and `/output-style` name it by (`Explanatory`, `my-style`, `<plugin>:<style>`). */
  name: string;
  description: string;
  /** The text added to the system prompt; empty for `default`. */
  prompt: string;
  /** Keep the prompt's software-engineering instructions (Claude Code's `keep-coding-instructions`). */
  keepCodingInstructions: boolean;
  source: OutputStyleSource;
  /** The file it came from (absolute); absent for built-ins. */
  path?: string;
}

/**
 * The session's styles and the one in use: read at the start of every turn for the system prompt (so a style
 * file or setting changed mid-session counts from the next turn, as memory files do), listed and switched by
 * `/output-style`. The host implements it (core/loop/query/outputStyleState.ts over its files).
 */
export interface OutputStylesPort {
  /** Every style this session can use, built-ins first, and the one in use. */
  read(): Promise<{ styles: readonly OutputStyle[]; current: OutputStyle }>;
  /** The style in use (`default` when none was chosen or the chosen one does not exist). */
  current(): Promise<OutputStyle>;
  /**
   * Switches to the style called `name` (case-insensitive) for the next turns and saves the choice (the local
   * settings); resolves with it and the file written, or with the error to show.
   */
  set(name: string): Promise<{ ok: true; style: OutputStyle; savedTo?: string; saveError?: string } | { ok: false; error: string }>;
}
