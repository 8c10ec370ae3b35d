/**
 * The permission answers of the file tools, on top of core/engines/permissions/filesystem.ts: `Edit(...)` rules
 * and path safety for tools that write, `Read(...)` rules and the workspace boundary for tools that read.
 * A write inside the workspace passes through suggesting acceptEdits, which tells the engine that mode
 * covers it; protected paths and paths outside the workspace ask with a safety-check reason no mode skips.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { checkEditPermission, checkReadPermission, readDenyFilter } from '../../core/engines/permissions/filesystem';
import type { PermissionResult } from '../../core/contracts/permissions';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { workspaceRoots } from '../../core/contracts/workingDirectory';

/** True when `absPath` is inside a workspace folder (the working directory when there are none); links are not resolved. */
export function isInsideWorkspace(absPath: string, context: ToolUseContext): boolean {
  return workspaceRoots(context).some((root) => {
    const rel = path.relative(root, absPath);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
}

/** The permission answer of a tool about to change `absPath`; `message` is the question the user sees. */
export function askToEditFile(absPath: string, message: string, context: ToolUseContext): Promise<PermissionResult> {
  return checkEditPermission(absPath, message, context, { homeDir: homedir() });
}

/** The permission answer of a tool about to read `absPath` (a file, or with `isDirectory` a folder it searches). */
export function checkReadAccess(absPath: string, context: ToolUseContext, opts: { isDirectory?: boolean } = {}): Promise<PermissionResult> {
  return checkReadPermission(absPath, context, { homeDir: homedir(), ...opts });
}

/** For Glob and Grep: true for a found file a `Read` deny rule covers (left out of the results); undefined when none can. */
export function searchDenyFilter(context: ToolUseContext): ((absPath: string) => boolean) | undefined {
  return readDenyFilter(context, { homeDir: homedir() });
}

/** The note a search adds when it left files out: "(3 files hidden by permission rules)". */
export function hiddenFilesNote(hidden: number | undefined): string | undefined {
  if (!hidden) return undefined;
  return `(${hidden.toLocaleString('en-US')} ${hidden === 1 ? 'file' : 'files'} hidden by permission rules)`;
}
