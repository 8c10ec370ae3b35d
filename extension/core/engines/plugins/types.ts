/**
 * Claude Code plugins loaded from folders (docs/ARCHITECTURE.md, Plugins): the port the loader reads a plugin
 * folder through, what it finds in one folder, and what the plugins of a run add up to.
 */
import type { ConfigProblem } from '../../base/configProblems';
import type { AgentDefinition } from '../../contracts/agents';
import type { PromptCommand } from '../../contracts/commands';
import type { HookCommand } from '../../contracts/hooks';
import type { McpServerEntry } from '../../contracts/mcp';
import type { OutputStyle } from '../../contracts/outputStyles';
import type { PluginManifest } from './manifest';

/** One entry of a folder. */
export interface PluginDirEntry {
  name: string;
  kind: 'file' | 'dir';
}

/** How the loader reads a plugin folder; the host implements it (host/node/plugins/loadPluginDir.ts). */
export interface PluginFilesPort {
  /** A file's text; undefined when there is no such file. Throws when it exists but cannot be read. */
  readText(file: string): Promise<string | undefined>;
  /** A folder's entries, sorted by name; undefined when it is not a folder. */
  list(dir: string): Promise<PluginDirEntry[] | undefined>;
  /** What is at a path, if anything. */
  kind(file: string): Promise<'file' | 'dir' | undefined>;
}

/** A markdown file of a plugin, read but not parsed (the loop's parsers turn it into a command, an agent or an output style). */
export interface PluginMarkdownFile {
  /** Absolute. */
  path: string;
  /** Inside its commands folder (`git/commit.md`); for a file named directly in the manifest, its file name. */
  relativePath: string;
  text: string;
}

/** A `<name>/SKILL.md` of a plugin. */
export interface PluginSkillFile {
  path: string;
  /** The skill's folder, absolute, and its own name. */
  directory: string;
  folderName: string;
  text: string;
}

/** What one plugin folder holds: its manifest, its component files, hooks and MCP servers, and what was skipped. */
export interface LoadedPluginFolder {
  name: string;
  /** Absolute: `${CLAUDE_PLUGIN_ROOT}`. */
  root: string;
  manifest: PluginManifest;
  commandFiles: PluginMarkdownFile[];
  agentFiles: PluginMarkdownFile[];
  skillFiles: PluginSkillFile[];
  /** `output-styles/*.md` and the manifest's `outputStyles` paths. */
  outputStyleFiles: PluginMarkdownFile[];
  /** Source `plugin`, `${CLAUDE_PLUGIN_ROOT}` expanded, `CLAUDE_PLUGIN_ROOT` in their environment. */
  hooks: HookCommand[];
  /** Named `plugin:<plugin>:<server>`, scope `plugin`. */
  mcpServers: McpServerEntry[];
  problems: ConfigProblem[];
}

/** The loader's answer for one folder: the plugin, or only why it did not load. */
export type PluginFolderResult = { ok: true; plugin: LoadedPluginFolder } | { ok: false; problems: ConfigProblem[] };

/** What the plugins of a run add to the session, every name already namespaced by its plugin. */
export interface PluginSet {
  plugins: { name: string; root: string; version?: string }[];
  /** Commands and skills (each skill is also `/<plugin>:<skill>`), sorted by name. */
  commands: PromptCommand[];
  /** The skills among them. */
  skills: PromptCommand[];
  agents: AgentDefinition[];
  hooks: HookCommand[];
  mcpServers: McpServerEntry[];
  /** Named `<plugin>:<style>`, in plugin order. */
  outputStyles: OutputStyle[];
  problems: ConfigProblem[];
}

export const EMPTY_PLUGIN_SET: PluginSet = { plugins: [], commands: [], skills: [], agents: [], hooks: [], mcpServers: [], outputStyles: [], problems: [] };
