/**
 * A part of the user's `.claude/` setup that was skipped: a malformed command file, skill, agent file, hook
 * memory import, plugin or output style. Loaders return these instead of throwing, so everything else keeps
 * working; the host logs them and shows them in the chat view (protocol/panels.ts `configProblems`).
 */
export type ConfigProblemKind = 'command' | 'skill' | 'agent' | 'hook' | 'settings' | 'memory' | 'plugin' | 'outputStyle';

export interface ConfigProblem {
  kind: ConfigProblemKind;
  /** The file at fault (absolute). */
  path: string;
  /** 1-based; 0 when the problem has no line (the file cannot be read). */
  line: number;
  message: string;
}

/** `path:line: message`, the shape editors and terminals turn into a link. */
export function formatConfigProblem(p: ConfigProblem): string {
  return `${p.path}${p.line > 0 ? `:${p.line}` : ''}: ${p.message}`;
}
