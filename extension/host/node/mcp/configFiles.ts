/**
 * The three files `codewright mcp add|remove` write, where Claude Code writes them (docs/ARCHITECTURE.md, MCP):
 * scope `local` → `~/.claude.json` under `projects[<absolute folder>].mcpServers`, `project` → `<folder>/.mcp.json`
 * `mcpServers`, `user` → `~/.claude.json` top-level `mcpServers`. core/engines/mcp/config.ts reads the same
 * places. A change keeps every other key of the file and is written atomically (jsonObjectFile.ts).
 */
import path from 'node:path';
import { isRecord } from '../../../core/base/isRecord';
import { parseMcpSource, type McpConfigResult } from '../../../core/engines/mcp/config';
import type { Env } from '../../../core/engines/mcp/expand';
import { readJsonObject, updateJsonObject } from './jsonObjectFile';

export const MCP_SCOPES = ['local', 'project', 'user'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** Where the files are: the home folder (for `~/.claude.json`) and the project folder. */
export interface McpConfigPlaces {
  homeDir: string;
  cwd: string;
}

/** How Claude Code names each scope. */
export const SCOPE_TEXT: Record<McpScope, string> = {
  local: 'Local config (private to you in this project)',
  project: 'Project config (shared via .mcp.json)',
  user: 'User config (available in all your projects)',
};

export function scopeFile(scope: McpScope, places: McpConfigPlaces): string {
  return scope === 'project' ? path.join(places.cwd, '.mcp.json') : path.join(places.homeDir, '.claude.json');
}

/** Where the `{name: server}` map sits in the scope's file. */
export function scopePointer(scope: McpScope, places: McpConfigPlaces): string[] {
  return scope === 'local' ? ['projects', places.cwd, 'mcpServers'] : ['mcpServers'];
}

/** What a change says it wrote: the file, and for local scope the project it is under. */
export function describeFile(scope: McpScope, places: McpConfigPlaces): string {
  return `${scopeFile(scope, places)}${scope === 'local' ? ` [project: ${places.cwd}]` : ''}`;
}

function mapAt(root: Record<string, unknown>, pointer: readonly string[]): Record<string, unknown> {
  let at: unknown = root;
  for (const key of pointer) at = isRecord(at) ? at[key] : undefined;
  return isRecord(at) ? at : {};
}

/** The scope's servers as written (before `${VAR}` expansion); `{}` when none. Throws when the file is not a JSON object. */
export async function readScopeServers(scope: McpScope, places: McpConfigPlaces): Promise<Record<string, unknown>> {
  return mapAt(await readJsonObject(scopeFile(scope, places)), scopePointer(scope, places));
}

/** The scope's servers as the loader makes them (expanded, validated), with what it skipped. */
export async function loadScopeServers(scope: McpScope, places: McpConfigPlaces, env: Env): Promise<McpConfigResult> {
  const file = scopeFile(scope, places);
  const servers = await readScopeServers(scope, places);
  const label = scope === 'local' ? `${file} (projects["${places.cwd}"])` : file;
  const result = parseMcpSource({ scope: scope === 'project' ? 'project' : 'user', label, value: servers }, env);
  return { entries: result.entries.map((e) => ({ ...e, path: file })), problems: result.problems };
}

/** `object` with `value` set at `pointer` (the objects on the way made or copied), every other key kept. */
function setAt(object: Record<string, unknown>, pointer: readonly string[], value: Record<string, unknown>): Record<string, unknown> {
  const [key, ...rest] = pointer;
  if (key === undefined) return value;
  const inner = isRecord(object[key]) ? (object[key] as Record<string, unknown>) : {};
  return { ...object, [key]: setAt(inner, rest, value) };
}

/** Adds the server `name` to the scope's file; throws when the scope already has one of that name. */
export async function addScopeServer(scope: McpScope, places: McpConfigPlaces, name: string, server: Record<string, unknown>): Promise<void> {
  const pointer = scopePointer(scope, places);
  await updateJsonObject(scopeFile(scope, places), (current) => {
    const servers = mapAt(current, pointer);
    if (name in servers) throw new Error(`MCP server ${name} already exists in ${scope} config; remove it first with \`codewright mcp remove ${name} -s ${scope}\`.`);
    return setAt(current, pointer, { ...servers, [name]: server });
  });
}

/** Removes the server `name` from the scope's file; throws when the scope has none of that name. */
export async function removeScopeServer(scope: McpScope, places: McpConfigPlaces, name: string): Promise<void> {
  const pointer = scopePointer(scope, places);
  await updateJsonObject(scopeFile(scope, places), (current) => {
    const servers = mapAt(current, pointer);
    if (!(name in servers)) throw new Error(`No ${scope} MCP server found with name: ${name}`);
    const { [name]: _removed, ...rest } = servers;
    return setAt(current, pointer, rest);
  });
}
