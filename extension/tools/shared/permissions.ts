/**
 * The permission answer of tools that change files: always ask, and say when the acceptEdits mode would
 * let the change through (the file is inside the workspace). The permission engine reads that suggestion
 * instead of knowing tool names. Protected paths (.git/, settings files) are the engine's to refuse.
 */
import path from 'node:path';
import type { PermissionResult } from '../../core/permissions/types';
import type { ToolUseContext } from '../../core/tool/context';

export function isInsideWorkspace(absPath: string, context: ToolUseContext): boolean {
  const roots = context.ports.workspace.roots.length ? context.ports.workspace.roots : [context.cwd];
  return roots.some((root) => {
    const rel = path.relative(root, absPath);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
}

export function askToEditFile(absPath: string, message: string, context: ToolUseContext): PermissionResult {
  if (!isInsideWorkspace(absPath, context)) return { behavior: 'ask', message };
  return { behavior: 'ask', message, suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] };
}
