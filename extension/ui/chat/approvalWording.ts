/**
 * The permission dialog in the user's words (docs/ARCHITECTURE.md, Asking the user): the tool's verb ("Edit
 * src/a.ts?" rather than "Allow Update: /home/…/src/a.ts?"), which the tool gives (`Tool.approvalVerb`), and
 * files relative to the workspace, with the full path kept for the tooltip. A tool without a verb keeps
 * "Allow <name>: <summary>?".
 */
import path from 'node:path';
import type { AnyTool } from '../../core/contracts/tool';

type Input = Record<string, unknown>;

/** The verb of a call whose dialog reads "<verb> <summary>?"; undefined keeps "Allow <title>: <summary>?". */
export function approvalVerb(tool: Pick<AnyTool, 'name' | 'approvalVerb'>, input: Input, summary: string | null): string | undefined {
  return summary ? tool.approvalVerb?.(input) : undefined;
}

/** The dialog's question: "Edit src/a.ts?", or "Allow <title>: <summary>?" for a tool without a verb. */
export function approvalQuestion(tool: Pick<AnyTool, 'name' | 'approvalVerb'>, title: string, input: Input, summary: string | null): string {
  const verb = approvalVerb(tool, input, summary);
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
