/**
 * Paths as the file tools see them: the model should send absolute paths, but a relative one is resolved
 * against the session's working directory (never process.cwd(), which means nothing in the VS Code host).
 */
import path from 'node:path';
import type { Workspace } from '../../core/contracts/workspace';
import { editDistance } from '../../core/base/text/editDistance';

export function resolveToolPath(filePath: string, cwd: string): string {
  return path.isAbsolute(filePath) ? path.normalize(filePath) : path.resolve(cwd, filePath);
}

/** Relative to `cwd` when inside it (shorter in spinners and rows), else the path as given. */
export function displayPath(filePath: string, cwd?: string): string {
  if (!cwd || !path.isAbsolute(filePath)) return filePath;
  const rel = path.relative(cwd, filePath);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : filePath;
}

const MAX_SUGGESTIONS = 3;

/**
 * Names in the same folder the model may have meant (wrong case, wrong extension, a typo), as absolute
 * paths. A missing folder yields none: the message then only names the working directory.
 */
export async function similarPaths(workspace: Workspace, absPath: string): Promise<string[]> {
  const dir = path.dirname(absPath);
  const wanted = path.basename(absPath).toLowerCase();
  let entries: { name: string; type: string }[];
  try {
    entries = await workspace.list(dir);
  } catch {
    return [];
  }
  const scored = entries
    .filter((e) => e.type === 'file')
    .map((e) => ({ name: e.name, score: similarity(wanted, e.name.toLowerCase()) }))
    .filter((e) => e.score !== undefined)
    .sort((a, b) => a.score! - b.score! || a.name.localeCompare(b.name));
  return scored.slice(0, MAX_SUGGESTIONS).map((e) => path.join(dir, e.name));
}

/** Lower is closer; undefined when unrelated. */
function similarity(wanted: string, candidate: string): number | undefined {
  if (candidate === wanted) return 0; // differs only in case
  if (stem(candidate) === stem(wanted)) return 1; // differs only in extension
  const distance = editDistance(wanted, candidate);
  return distance <= Math.min(2, Math.floor(wanted.length / 3)) ? 1 + distance : undefined;
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The answer for a path that does not exist: says so, names the working directory, offers near names. */
export async function fileNotFoundMessage(workspace: Workspace, absPath: string, cwd: string): Promise<string> {
  const similar = await similarPaths(workspace, absPath);
  const hint = similar.length ? ` Did you mean ${similar.join(', ')}?` : '';
  return `File does not exist: ${absPath}. Current working directory: ${cwd}.${hint}`;
}
