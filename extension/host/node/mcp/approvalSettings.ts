/**
 * The approvals of project MCP servers on disk, where Claude Code keeps them (core/engines/mcp/projectApproval.ts):
 * reading `enableAllProjectMcpServers`, `enabledMcpjsonServers` and `disabledMcpjsonServers` from the user
 * settings (`$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`) and, in a trusted folder, the
 * project's `.claude/settings.json` and `.claude/settings.local.json`; and writing an answer into the local
 * file (every other key kept, atomically). A file that cannot be read or parsed counts as saying nothing.
 */
import path from 'node:path';
import { approvalSettingsOf, mergeApprovalSettings, withMcpjsonAnswer, withoutMcpjsonChoices, type McpjsonApprovalSettings } from '../../../core/engines/mcp/projectApproval';
import { claudeConfigDir } from '../plugins/pluginFiles';
import { readJsonObject, updateJsonObject } from './jsonObjectFile';

export interface McpApprovalLocations {
  /** `$CLAUDE_CONFIG_DIR` or `~/.claude`; `claudeConfigDir()` when absent. */
  configDir?: string;
  /** The project folder whose `.claude/settings*.json` count when `trusted`. */
  workspaceRoot?: string;
  /** VS Code's workspace trust; the CLI trusts the folder it runs in, as Claude Code does after its trust dialog. */
  trusted: boolean;
  /** Which files count (`--setting-sources`); all when absent. */
  sources?: readonly ('user' | 'project' | 'local')[];
}

export type McpApprovalFile = 'user' | 'project' | 'local';

/** The file of each source; project and local only with a workspace. */
export function approvalFile(source: McpApprovalFile, loc: Pick<McpApprovalLocations, 'configDir' | 'workspaceRoot'>): string | undefined {
  if (source === 'user') return path.join(loc.configDir ?? claudeConfigDir(), 'settings.json');
  if (!loc.workspaceRoot) return undefined;
  return path.join(loc.workspaceRoot, '.claude', source === 'project' ? 'settings.json' : 'settings.local.json');
}

/** Each file's approval keys that count, lowest precedence first, with the file. */
export async function readApprovalFiles(loc: McpApprovalLocations): Promise<{ source: McpApprovalFile; file: string; settings: McpjsonApprovalSettings }[]> {
  const sources: McpApprovalFile[] = ['user', ...(loc.trusted ? (['project', 'local'] as const) : [])];
  const files = sources
    .filter((s) => !loc.sources || loc.sources.includes(s))
    .map((source) => ({ source, file: approvalFile(source, loc) }))
    .filter((f): f is { source: McpApprovalFile; file: string } => f.file !== undefined);
  return Promise.all(files.map(async (f) => ({ ...f, settings: approvalSettingsOf(await readJsonObject(f.file).catch(() => undefined)) })));
}

/** The merged approval keys of the files that count. */
export async function readMcpApprovalSettings(loc: McpApprovalLocations): Promise<McpjsonApprovalSettings> {
  return mergeApprovalSettings((await readApprovalFiles(loc)).map((f) => f.settings));
}

/** Records an answer about the project server `name` in `<workspaceRoot>/.claude/settings.local.json`; resolves with the file. */
export async function recordMcpjsonAnswer(workspaceRoot: string, name: string, allow: boolean): Promise<string> {
  const file = approvalFile('local', { workspaceRoot })!;
  await updateJsonObject(file, (current) => withMcpjsonAnswer(current, name, allow));
  return file;
}

/** Removes every approval key from the local file (Claude Code's `mcp reset-project-choices`); resolves with the file. */
export async function resetMcpjsonChoices(workspaceRoot: string): Promise<string> {
  const file = approvalFile('local', { workspaceRoot })!;
  await updateJsonObject(file, (current) => {
    const next = withoutMcpjsonChoices(current);
    return Object.keys(next).length === Object.keys(current).length ? current : next;
  });
  return file;
}
