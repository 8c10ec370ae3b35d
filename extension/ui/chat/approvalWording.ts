/**
 * The permission dialog in the user's words (docs/ARCHITECTURE.md, Asking the user): the tool's verb ("Edit
 * src/a.ts?" rather than "Allow Update: /home/…/src/a.ts?") and files relative to the workspace, with the full
 * path kept for the tooltip. Keyed by wire name; a tool without a verb here keeps "Allow <name>: <summary>?".
 */
import path from 'node:path';
import {
  BASH_TOOL_NAME,
  EDIT_TOOL_NAME,
  GLOB_TOOL_NAME,
  GREP_TOOL_NAME,
  NOTEBOOK_EDIT_TOOL_NAME,
  READ_TOOL_NAME,
  WEB_FETCH_TOOL_NAME,
  WEB_SEARCH_TOOL_NAME,
  WRITE_TOOL_NAME,
} from '../../protocol/toolNames';

type Input = Record<string, unknown>;

const VERBS: Record<string, (input: Input) => string> = {
  [EDIT_TOOL_NAME]: (input) => (input.old_string === '' ? 'Create' : 'Edit'),
  [WRITE_TOOL_NAME]: () => 'Write',
  [NOTEBOOK_EDIT_TOOL_NAME]: () => 'Edit notebook',
  [READ_TOOL_NAME]: () => 'Read',
  [BASH_TOOL_NAME]: () => 'Run',
  [GLOB_TOOL_NAME]: () => 'Find files matching',
  [GREP_TOOL_NAME]: () => 'Search for',
  [WEB_FETCH_TOOL_NAME]: () => 'Fetch',
  [WEB_SEARCH_TOOL_NAME]: () => 'Search the web for',
};

/** The verb of a call whose dialog reads "<verb> <summary>?"; undefined keeps "Allow <title>: <summary>?". */
export function approvalVerb(toolName: string, input: Input, summary: string | null): string | undefined {
  return summary ? VERBS[toolName]?.(input) : undefined;
}

/** The dialog's question: "Edit src/a.ts?", or "Allow <title>: <summary>?" for a tool without a verb. */
export function approvalQuestion(toolName: string, title: string, input: Input, summary: string | null): string {
  const verb = approvalVerb(toolName, input, summary);
  if (verb) return `${verb} ${summary}?`;
  return `Allow ${title}${summary ? `: ${summary}` : ''}?`;
}

/** The absolute path of the file a call names (`file_path`, `notebook_path`), for the summary's tooltip. */
export function inputFilePath(input: Input, cwd: string): string | undefined {
  const named = typeof input.file_path === 'string' ? input.file_path : typeof input.notebook_path === 'string' ? input.notebook_path : undefined;
  return named ? path.resolve(cwd, named) : undefined;
}

/** `p` relative to `cwd` when inside it ("src/a.ts"), else as it is. */
export function workspaceRelative(p: string, cwd: string): string {
  if (!path.isAbsolute(p)) return p;
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}
